import FuzzSupport
// Off-hours schedules as a person writes them in a board file ("22:00-07:30"): any text.
// Invariants: nothing traps; a schedule that parses prints as text that parses back to the
// same schedule; through the day, the next edge after a time is the schedule's end inside it
// and its start outside, within a day; a time of day prints as text that parses back.
import PanelCore

/// SwiftPM's entry point for this executable: libFuzzer's driver on ``fuzzSchedule``.
@_cdecl("FuzzSchedule_main")
public func fuzzScheduleMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzSchedule(data, size) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchedule(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = TimeOfDay(parsing: Substring(text))
    guard let schedule = DailySchedule(parsing: text) else { return 0 }
    let printed = schedule.description
    precondition(DailySchedule(parsing: printed) == schedule, "\(schedule) prints as \(printed), which does not parse back")
    var second = 0
    while second < TimeOfDay.secondsPerDay {
        guard let time = TimeOfDay(secondsSinceMidnight: second) else { preconditionFailure("\(second) s is a time of day") }
        let edge = schedule.nextEdge(after: time)
        precondition(edge == (schedule.contains(time) ? schedule.end : schedule.start))
        precondition(time.seconds(until: edge) >= 0 && time.seconds(until: edge) <= TimeOfDay.secondsPerDay)
        if let text = TimeOfDay(parsing: Substring(time.description)) { precondition(text == time, "\(time) does not parse back") }
        second += 397
    }
    return 0
}
