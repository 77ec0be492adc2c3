import Foundation

/// A radix-2 fast Fourier transform of one length (a power of two).
package struct FFT {
    package let length: Int
    private let cosines: [Double], sines: [Double]

    package init(length: Int) {
        precondition(length > 1 && length & (length - 1) == 0, "the FFT's length must be a power of two")
        self.length = length
        cosines = (0..<length / 2).map { cos(-2 * Double.pi * Double($0) / Double(length)) }
        sines = (0..<length / 2).map { sin(-2 * Double.pi * Double($0) / Double(length)) }
    }

    /// |X[k]|² for k in 0...length/2 of real input `signal` (`length` samples).
    package func power(_ signal: [Double]) -> [Double] {
        var real = signal, imaginary = [Double](repeating: 0, count: length)
        transform(&real, &imaginary)
        return (0...length / 2).map { real[$0] * real[$0] + imaginary[$0] * imaginary[$0] }
    }

    /// The discrete Fourier transform, X[k] = Σ x[n] e^(−2πikn/length), in place
    /// (`real` and `imaginary` hold `length` values each).
    package func transform(_ real: inout [Double], _ imaginary: inout [Double]) {
        precondition(real.count == length && imaginary.count == length, "the FFT takes \(length) values")
        real.withUnsafeMutableBufferPointer { real in
            imaginary.withUnsafeMutableBufferPointer { imaginary in
                var swap = 0
                for index in 1..<length {  // bit-reversed order
                    var bit = length >> 1
                    while swap & bit != 0 { swap ^= bit; bit >>= 1 }
                    swap |= bit
                    if index < swap { real.swapAt(index, swap); imaginary.swapAt(index, swap) }
                }
                var size = 2
                while size <= length {
                    let step = length / size
                    for start in stride(from: 0, to: length, by: size) {
                        for offset in 0..<size / 2 {
                            let even = start + offset, odd = even + size / 2
                            let (c, s) = (cosines[offset * step], sines[offset * step])
                            let oddReal = real[odd] * c - imaginary[odd] * s
                            let oddImaginary = real[odd] * s + imaginary[odd] * c
                            real[odd] = real[even] - oddReal
                            imaginary[odd] = imaginary[even] - oddImaginary
                            real[even] += oddReal
                            imaginary[even] += oddImaginary
                        }
                    }
                    size *= 2
                }
            }
        }
    }
}
