import CommandLineSupport
import Foundation

/// Shows the plugs: on a terminal a table redrawn in place (ANSI, at most ten
/// times a second, sized to the window); otherwise one line per event.
final class LiveView: @unchecked Sendable {
    private let console: Console
    private let tableMode: Bool
    private var lastDraw = ContinuousClock.now - .seconds(1)
    /// The latest event, shown under the table.
    private var lastEvent: String?

    init(console: Console, table: Bool) {
        self.console = console
        self.tableMode = table
    }

    func start() {
        // Alternate screen, cursor hidden.
        if tableMode { console.out("\u{1B}[?1049h\u{1B}[?25l") }
    }

    func stop() {
        if tableMode { console.out("\u{1B}[?25h\u{1B}[?1049l") }
    }

    /// Handles an event: a line, or a redraw when the table is due.
    func show(_ event: SimulatorEvent) {
        if tableMode { lastEvent = event.line } else { console.out(event.line + "\n") }
    }

    /// Whether a redraw is due (at most ten a second).
    var redrawDue: Bool { tableMode && ContinuousClock.now - lastDraw >= .milliseconds(100) }

    func draw(_ snapshots: [DeviceSnapshot], broker: String) {
        guard tableMode else { return }
        lastDraw = .now
        let (rows, columns) = terminalSize()
        let now = Date()
        let on = snapshots.filter { $0.power == .on }.count
        let online = snapshots.filter(\.online).count
        var lines = [
            "\u{1B}[1mplugsim\u{1B}[0m  \(snapshots.count) plugs on \(broker)  ·  \(on) on  ·  \(online) online  ·  Ctrl-C stops",
            "",
            pad("ID", 22) + " " + pad("NAME", 22) + " " + pad("PROTOCOL", 11) + " " + pad("STATE", 7) + pad("LINK", 9)
                + "     WATTS " + pad("CHANGED", 12) + "  CMDS",
        ]
        let room = max(1, rows - lines.count - 2)
        for snapshot in snapshots.prefix(snapshots.count > room ? room - 1 : room) {
            let marker = snapshot.power == .on ? "\u{1B}[1;32m● ON \u{1B}[0m" : "\u{1B}[2m○ off\u{1B}[0m"
            let link = snapshot.online ? "online  " : "\u{1B}[31moffline\u{1B}[0m "
            let changed = snapshot.lastChange.map { relative(now.timeIntervalSince($0)) } ?? "—"
            lines.append(
                pad(snapshot.id, 22) + " " + pad(snapshot.name, 22) + " " + pad(snapshot.protocolName, 11) + " "
                    + marker + "  " + link + " " + String(format: "%9.1f", snapshot.watts) + " " + pad(changed, 12)
                    + " " + String(format: "%5d", snapshot.commands))
        }
        if snapshots.count > room { lines.append("… and \(snapshots.count - room + 1) more") }
        if let lastEvent { lines.append(""); lines.append("\u{1B}[2m\(lastEvent)\u{1B}[0m") }
        // Home, each line cleared to its end, the rest of the screen cleared: no flicker.
        let text = "\u{1B}[H" + lines.map { clip($0, columns) + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J"
        console.out(text)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? String(text.prefix(width - 1)) + "…" : text.padding(toLength: width, withPad: " ", startingAt: 0)
    }

    /// Cuts a line to the window (escape sequences do not take room).
    private func clip(_ line: String, _ columns: Int) -> String {
        var visible = 0
        var result = ""
        var inEscape = false
        for character in line {
            if character == "\u{1B}" { inEscape = true }
            if !inEscape {
                if visible >= columns { break }
                visible += 1
            }
            result.append(character)
            if inEscape, character.isLetter { inEscape = false }
        }
        return result + "\u{1B}[0m"
    }

    private func relative(_ seconds: TimeInterval) -> String {
        switch seconds {
        case ..<1: "just now"
        case ..<60: "\(Int(seconds))s ago"
        case ..<3600: "\(Int(seconds / 60))m ago"
        default: "\(Int(seconds / 3600))h ago"
        }
    }

    private func terminalSize() -> (rows: Int, columns: Int) {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return (24, 80) }
        return (Int(size.ws_row), Int(size.ws_col))
    }
}
