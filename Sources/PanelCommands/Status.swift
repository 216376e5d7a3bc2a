import ArgumentParser
import PanelKit

#if os(Linux)
import PanelLinux
#endif

/// `panelctl status`
struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a running kiosk app's health (touch controller, screen, counters) from its diagnostics socket.",
        discussion:
            "The app serves it when started under the generated unit (RuntimeDirectory=panelkit) or with --diagnostics-socket. Read-only: nothing over the socket can press a button. --json prints the object as the app sent it."
    )

    @Option(help: ArgumentHelp("The app's diagnostics socket.", valueName: "path"))
    var socket = "/run/panelkit/diagnostics.sock"

    @Flag(help: "The JSON object as the app sent it.")
    var json = false

    func run() throws {
        #if os(Linux)
        let response: (status: Int, body: [UInt8])
        do { response = try DiagnosticsClient.get("/status", from: socket) } catch { throw CommandFailure("\(error)") }
        let text = String(decoding: response.body, as: UTF8.self)
        guard response.status == 200 else { throw CommandFailure("\(socket): status \(response.status): \(text)") }
        if json {
            print(text, terminator: "")
            return
        }
        guard let object = try? JSONValue.parse(text), case .object(let members) = object else {
            throw CommandFailure("\(socket): the status is not a JSON object: \(text)")
        }
        for (key, value) in members {
            switch value {
            case .array(let items): for item in items { say("\(key): \(item.serialized)") }
            case .string(let s): say("\(key): \(s)")
            default: say("\(key): \(value.serialized)")
            }
        }
        #else
        throw CommandFailure("the diagnostics socket needs Linux")
        #endif
    }
}
