// SettingsLayout: PanelKit's side of the layout comparison with LVGL (Benchmarks/LVGL/lvflex.c).
//
// usage: SettingsLayout [screens=50] [changes=1000] [warmup=100]
// BenchScreens' SettingsLayoutBench: 30 rows (a label and a switch each) laid out by 240
// constraints on an 800x480 window. First solve: the screen is built, then activating its
// constraints and laying it out is timed; built and timed `screens` times. Change: the sixth
// row's height constant toggles 44 <-> 60 and the layout pass runs, timed `changes` times
// after `warmup`.
// prints: panelkit-layout rows=30 constraints=<> first_solve_p50_us=<> change_p50_us=<> change_p99_us=<>
// Then a screen of 10 000 constraints (2 500 rows of 4, each below the one before), activated
// and laid out once: panelkit-layout-10000 constraints=10000 solve_ms=<>
import BenchScreens
import Glibc
import PanelUI

func nanoseconds(_ body: () -> Void) -> Int64 {
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    return elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
}

func percentile(_ sorted: [Int64], _ q: Int) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return Double(sorted[min(sorted.count * q / 100, sorted.count - 1)]) / 1000
}

let numbers = CommandLine.arguments.dropFirst().map { Int($0) }
guard numbers.allSatisfy({ ($0 ?? -1) >= 0 }) else {
    print("usage: SettingsLayout [screens=50] [changes=1000] [warmup=100]  (whole numbers)")
    exit(2)
}
let screens = numbers.count > 0 ? numbers[0]! : 50
let changes = numbers.count > 1 ? numbers[1]! : 1000
let warmup = numbers.count > 2 ? numbers[2]! : 100

MainActor.assumeIsolated {
    var first: [Int64] = []
    for _ in 0 ..< screens {
        let bench = SettingsLayoutBench()
        first.append(
            nanoseconds {
                bench.activate(); bench.layout()
            })
    }
    let bench = SettingsLayoutBench()
    bench.activate()
    bench.layout()
    var times: [Int64] = []
    times.reserveCapacity(changes)
    for index in 0 ..< (warmup + changes) {
        let elapsed = nanoseconds { bench.changeOne() }
        if index >= warmup { times.append(elapsed) }
    }
    first.sort()
    times.sort()
    func format(_ value: Double, _ digits: Int) -> String {
        var scaled = (value * 100).rounded() / 100
        if digits == 1 { scaled = (value * 10).rounded() / 10 }
        return "\(scaled)"
    }

    let chain = SettingsLayoutBench.chain(rows: 2500)
    let chainNanoseconds = nanoseconds {
        chain.activate(); chain.layout()
    }
    defer { print("panelkit-layout-10000 constraints=\(chain.constraints.count) solve_ms=\(format(Double(chainNanoseconds) / 1_000_000, 1))") }
    print(
        "panelkit-layout rows=30 constraints=\(bench.constraints.count) first_solve_p50_us=\(format(percentile(first, 50), 1)) change_p50_us=\(format(percentile(times, 50), 2)) change_p99_us=\(format(percentile(times, 99), 2))"
    )
}
