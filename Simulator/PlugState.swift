import Foundation
import MQTT
import PlugProtocols
import VoiceShortcuts

/// One relay of a simulated plug: its device, power, and energy meter.
struct RelayState {
    let device: Device
    var power: PowerState
    /// Watts drawn while on.
    let ratedWatts: Double
    var lastChange: Date?
    var commands = 0
    /// kWh used since the simulator started, plus what was on when it started.
    var totalKWh = 0.0
    private var onSince: Date?

    init(device: Device, power: PowerState, now: Date = Date()) {
        self.device = device
        self.power = power
        self.ratedWatts = RelayState.ratedWatts(for: device.name)
        self.onSince = power == .on ? now : nil
    }

    /// Watts drawn now (a little noise, like a real meter).
    func watts(at date: Date = Date()) -> Double {
        guard power == .on else { return 0 }
        let wobble = sin(date.timeIntervalSince1970 / 7 + Double(device.id.utf8.count)) * 0.01
        return (ratedWatts * (1 + wobble) * 100).rounded() / 100
    }

    /// Energy including the current on period.
    func energy(at date: Date = Date()) -> Double {
        totalKWh + (onSince.map { date.timeIntervalSince($0) / 3600 * ratedWatts / 1000 } ?? 0)
    }

    /// Applies a command; returns true when the power changed.
    mutating func apply(_ command: PlugCommand, at date: Date = Date()) -> Bool {
        let target: PowerState
        switch command {
        case .query: return false
        case .toggle: target = power.toggled
        case .set(let state): target = state
        }
        guard target != power else { return false }
        if let onSince { totalKWh += date.timeIntervalSince(onSince) / 3600 * ratedWatts / 1000 }
        power = target
        onSince = target == .on ? date : nil
        lastChange = date
        return true
    }

    /// A plausible rating from the device's name.
    static func ratedWatts(for name: String) -> Double {
        let words = PhraseNormalizer.words(name)
        let table: [(String, Double)] = [
            ("heater", 1500), ("kettle", 2000), ("oven", 1800), ("sauna", 6000), ("tub", 3000), ("warmer", 100),
            ("blanket", 60), ("pad", 60), ("cooker", 700), ("machine", 1200), ("espresso", 1300), ("pump", 250),
            ("freezer", 120), ("fridge", 100), ("charger", 7), ("fan", 40), ("tv", 90), ("television", 90), ("radio", 8),
            ("printer", 30), ("monitor", 5), ("strip", 12), ("lights", 24), ("light", 9), ("lamp", 9), ("tree", 30),
        ]
        for (word, watts) in table where words.contains(where: { $0.hasPrefix(word) }) { return watts }
        return 60
    }
}

/// Faults of one plug, set by flags or the control topic.
struct Faults {
    var latency: Duration = .zero
    var jitter: Duration = .zero
    /// Share of commands ignored, 0…1.
    var drop: Double = 0
    /// A stuck relay: commands change nothing, and the plug reports the state it stays in.
    var stuck = false
    /// The next command makes the plug drop its connection (its will says offline) before it reports anything.
    var offlineOnCommand = false

    /// The delay before the next command is carried out.
    func delay() -> Duration {
        guard jitter > .zero else { return latency }
        let spread = jitter.timeInterval
        return max(.zero, latency + .seconds(Double.random(in: -spread...spread)))
    }

    func dropsNext() -> Bool { drop > 0 && Double.random(in: 0..<1) < drop }
}
