import PanelBoards
import PanelCore
import Testing

@Suite("Touch traces")
struct TouchTraceTests {
    static let header = #"{"format":"panelkit-trace","version":1,"board":"mock","width":800,"height":480}"#

    @Test("frames written from the pipeline read back the same")
    func roundTrip() throws {
        var trace = TouchTrace(board: "mock", width: 800, height: 480)
        let origin = MonotonicInstant(nanoseconds: UInt64(5_000_000))
        trace.append(
            TouchFrame(timestamp: origin, contacts: [Contact(trackID: 0, position: Point(x: 10, y: 20.5), phase: .began, identity: 7)]), origin: origin)
        trace.append(
            TouchFrame(
                timestamp: origin + .milliseconds(10),
                contacts: [
                    Contact(trackID: 0, position: Point(x: 12, y: 20.5), phase: .moved, identity: 7),
                    Contact(trackID: 1, position: Point(x: 300, y: 400), phase: .began, identity: 8),
                ]), origin: origin)
        trace.append(
            TouchFrame(
                timestamp: origin + .milliseconds(20),
                contacts: [
                    Contact(trackID: 0, position: Point(x: 12, y: 20.5), phase: .ended, identity: 7),
                    Contact(trackID: 1, position: Point(x: 300, y: 400), phase: .cancelled, identity: 8),
                ]), origin: origin)
        let text = trace.jsonLines
        #expect(text.hasPrefix(Self.header + "\n"))
        let read = try TouchTrace(jsonLines: text, path: "t.trace")
        #expect(read == trace)
        #expect(read.frames.map(\.time) == [0, 10_000, 20_000])
        #expect(read.duration == 20_000)
    }

    @Test(
        "refuses a broken trace, naming the line and the fix",
        arguments: [
            ("{\"t\":0,\"contacts\":[{\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":2}]}", 2, "never ends"),
            ("{\"t\":0,\"contacts\":[{\"id\":1,\"phase\":\"moved\",\"x\":1,\"y\":2}]}", 2, "never began"),
            (
                "{\"t\":5,\"contacts\":[{\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":2}]}\n{\"t\":4,\"contacts\":[{\"id\":1,\"phase\":\"ended\",\"x\":1,\"y\":2}]}",
                3, "backwards"
            ),
            (
                "{\"t\":0,\"contacts\":[{\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":2}]}\n{\"t\":1,\"contacts\":[{\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":2}]}",
                3, "begins twice"
            ),
            ("{\"t\":0,\"contacts\":[{\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":2,\"z\":3}]}", 2, "unknown contact key"),
            ("{\"t\":0,\"contacts\":[{\"id\":1,\"phase\":\"pressed\",\"x\":1,\"y\":2}]}", 2, "no valid \"phase\""),
            ("{\"t\":0,\"contacts\":[]}", 2, "1 to 10 contacts"),
            ("{\"t\":0,", 2, "column"),
        ])
    func refuses(body: String, line: Int, problem: String) {
        do {
            _ = try TouchTrace(jsonLines: Self.header + "\n" + body + "\n", path: "t.trace")
            Issue.record("accepted")
        } catch {
            #expect(error.line == line)
            #expect(error.problem.contains(problem), "\(error)")
            #expect(error.description.hasPrefix("t.trace:\(line): "))
        }
    }

    @Test("a newer version or another format is refused on the header line")
    func header() {
        for text in [#"{"format":"panelkit-trace","version":2,"board":"m","width":1,"height":1}"#, #"{"format":"other","version":1}"#] {
            do {
                _ = try TouchTrace(jsonLines: text, path: "t")
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.line == 1)
            }
        }
    }
}
