// SpeechLatency: what speaking costs the UI, measured.
//
// 1. Focus → first audio: a screen reader on LVGL's 100-button grid moves to the next element
//    (a right-arrow press) 50 times, 400 ms apart; for each move, the time from the press to
//    espeak-ng's first sample reaching the output (ESpeakOutput's statistics). The output is
//    ALSA's default device when it opens, else memory (this machine has no sound card).
// 2. Taps while speech plays: 3 rounds of 2000 taps on the same grid (queue entry, LVGL's
//    method), with the voice silent and with it synthesising a long text without pause on its
//    own thread (memory output: no real-time pacing, the heaviest case). Median tap CPU time.
import BenchScreens
import Glibc
import PanelBench
import PanelCore
import PanelPlatform
import PanelSpeech
import PanelUI

func hostNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

@MainActor
func focusToFirstAudio(output: ESpeakOutput) -> [Double] {
    let clock = ManualClock()
    let grid = ButtonGrid(count: 100, clock: clock)
    grid.application.speechOutput = output
    grid.application.isScreenReaderEnabled = true
    grid.application.runOnce()
    output.waitUntilDone()
    var latencies: [Double] = []
    for _ in 0 ..< 50 {
        let before = output.statistics.completed + output.statistics.interrupted
        grid.application.handle(.press(.rightArrow, .began, timestamp: clock.now))
        grid.application.handle(.press(.rightArrow, .ended, timestamp: clock.now))
        output.waitUntilDone()
        let statistics = output.statistics
        if statistics.completed + statistics.interrupted > before, let latency = statistics.lastFirstAudioLatency {
            latencies.append(Double(latency.nanoseconds) / 1e6)
        }
        usleep(400_000)
    }
    grid.application.isScreenReaderEnabled = false
    return latencies
}

@MainActor
func tapCosts(taps: Int, speaking output: ESpeakOutput?) -> Double {
    let clock = ManualClock()
    let queue = EventQueue(capacity: 64)
    let grid = ButtonGrid(count: 100, clock: clock, eventQueue: queue)
    var clicks = 0
    var clickedAt: UInt64 = 0
    for button in grid.buttons {
        button.addTarget(
            nil,
            action: .closure("clicked") { _, _ in
                clickedAt = hostNanoseconds()
                clicks += 1
            }, for: .touchUpInside)
    }
    let text = String(repeating: "Please enter the code of the door on the keypad below, then press open. ", count: 6)
    var costs: [Double] = []
    var identity: UInt32 = 0
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    for index in 0 ..< taps + 200 {
        if let output, !output.isSpeaking { output.speak(text, mode: .queue) }
        clock.advance(by: .milliseconds(1_000))
        grid.application.runOnce()
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let point = grid.buttons[Int(state >> 33) % grid.buttons.count].frame.center
        identity &+= 1
        let app = grid.application
        var down = TouchFrame(timestamp: clock.now)
        _ = down.append(Contact(trackID: 0, position: point, phase: .began, identity: identity))
        let t0 = hostNanoseconds()
        _ = queue.push(down)
        app.runOnce()
        let t1 = hostNanoseconds()
        clock.advance(by: .milliseconds(100))
        app.runOnce()
        var up = TouchFrame(timestamp: clock.now)
        _ = up.append(Contact(trackID: 0, position: point, phase: .ended, identity: identity))
        let t2 = hostNanoseconds()
        _ = queue.push(up)
        app.runOnce()
        if index >= 200 { costs.append(Double(t1 - t0 + clickedAt - t2) / 1000) }
    }
    guard clicks == taps + 200 else { fatalError("\(taps + 200 - clicks) taps did not click") }
    return percentile(costs, 0.5)
}

@MainActor
func main() throws {
    // 1. Focus → first audio.
    var destination = "ALSA default device"
    var output: ESpeakOutput
    do {
        output = try ESpeakOutput(destination: .alsa(device: "default"))
        output.speak("Ready")
        output.waitUntilDone()
        if output.statistics.silent > 0 {
            output.close()
            destination = "memory (no audio device here)"
            output = try ESpeakOutput(destination: .memory)
        }
    }
    let latencies = focusToFirstAudio(output: output)
    print(
        "focus -> first audio (\(destination)), \(latencies.count) moves: p50 \(format(percentile(latencies, 0.5))) ms, p99 \(format(percentile(latencies, 0.99))) ms, max \(format(latencies.max() ?? 0)) ms"
    )
    output.close()

    // 2. Taps while speech plays.
    let speaking = try ESpeakOutput(destination: .memory)
    var quiet: [Double] = []
    var loud: [Double] = []
    for _ in 0 ..< 3 {
        quiet.append(tapCosts(taps: 2000, speaking: nil))
        loud.append(tapCosts(taps: 2000, speaking: speaking))
        speaking.stopSpeaking()
        speaking.waitUntilDone()
    }
    let q = percentile(quiet, 0.5), l = percentile(loud, 0.5)
    print(
        "tap CPU time, N = 100, median of 3 rounds of 2000: silent \(format(q)) us, while speaking \(format(l)) us (\(format((l / q - 1) * 100)) %); rounds silent \(quiet.map(format)), speaking \(loud.map(format))"
    )
    print("speech while tapping: \(speaking.statistics.completed) utterances spoken, \(speaking.statistics.interrupted) stopped")
}

func format(_ value: Double) -> String {
    let scaled = (value * 100).rounded() / 100
    return "\(scaled)"
}

try MainActor.assumeIsolated { try main() }
