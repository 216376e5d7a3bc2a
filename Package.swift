// swift-tools-version: 6.1
import PackageDescription

/// Settings shared by every target: Swift 6 language mode comes from `swiftLanguageModes`;
/// these make imports explicit so layering stays visible.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "PanelKit",
    products: [
        // The app entry point: a board and a root view controller is a whole kiosk app.
        .library(name: "PanelKit", targets: ["PanelKit"]),
        .library(name: "PanelCore", targets: ["PanelCore"]),
        .library(name: "TouchControllers", targets: ["TouchControllers"]),
        .library(name: "MotionSensors", targets: ["MotionSensors"]),
        .library(name: "PanelGraphics", targets: ["PanelGraphics"]),
        .library(name: "PanelPlatform", targets: ["PanelPlatform"]),
        // An MQTT client (libmosquitto): only apps that import it link the library.
        .library(name: "PanelMQTT", targets: ["PanelMQTT"]),
        // Remote support over VNC (LibVNCServer): an app turns on PanelKit's Remote trait.
        .library(name: "PanelRemote", targets: ["PanelRemote"]),
        // Named, optionally real-time threads (libc): what PanelKit's own threads start with.
        .library(name: "PanelThreads", targets: ["PanelThreads"]),
        .library(name: "PanelUI", targets: ["PanelUI"]),
        .library(name: "PanelLocale", targets: ["PanelLocale"]),
        // JPEG photos (libjpeg-turbo): a product of its own, so apps without JPEG link no libjpeg.
        .library(name: "PanelJPEG", targets: ["PanelJPEG"]),
        // QR codes (libqrencode): a product of its own, for the same reason.
        .library(name: "PanelQRCode", targets: ["PanelQRCode"]),
        // Speech (espeak-ng, played through ALSA): a product of its own, so apps that do not
        // speak link neither library.
        .library(name: "PanelSpeech", targets: ["PanelSpeech"]),
        .library(name: "PanelLinux", targets: ["PanelLinux"]),
        .library(name: "PanelLinuxPlatform", targets: ["PanelLinuxPlatform"]),
        .library(name: "PanelBoards", targets: ["PanelBoards"]),
        .library(name: "PanelControllers", targets: ["PanelControllers"]),
        .library(name: "PanelBench", targets: ["PanelBench"]),
        // The screens the benchmarks measure (LVGL's button grid, the settings list, dashboards,
        // fling and typing scenes), kept beside them in Benchmarks/: no app links them.
        .library(name: "BenchScreens", targets: ["BenchScreens"]),
        .library(name: "PanelMetrics", targets: ["PanelMetrics"]),
        // The panel's metrics in a Prometheus registry (swift-prometheus): what the Metrics
        // trait's `--metrics` endpoint serves.
        .library(name: "PanelPrometheus", targets: ["PanelPrometheus"]),
        // Test-only: helpers that use Swift Testing (a mock bus with expectations, a screen
        // tester). Never link it into an app.
        .library(name: "PanelTestKit", targets: ["PanelTestKit"]),
        .library(name: "PanelSimulator", targets: ["PanelSimulator"]),
        .executable(name: "panelctl", targets: ["panelctl"]),
    ],
    // The desktop simulator (an SDL2 window) is optional, so that a build for a board needs no
    // SDL: `swift build --traits Simulator` (and Debian's libsdl2-dev) brings it in.
    traits: [
        // On by default: the headless backend (a mock board, --headless, scripted sessions) and
        // the chips it emulates. A build for a board leaves it out (--disable-default-traits, or
        // an app's dependency on PanelKit that lists its traits without it) and links no emulator.
        .default(enabledTraits: ["Bench"]),
        .trait(name: "Bench", description: "the headless backend: mock boards, --headless and scripted sessions on emulated chips"),
        .trait(name: "Simulator", description: "panelctl simulate and --simulator: the app in an SDL2 desktop window (Debian: libsdl2-dev)"),
        // Off by default: an app that does not ask for the Prometheus endpoint links no
        // swift-prometheus (`traits: ["Metrics"]` in the app's dependency on PanelKit).
        // Off by default: an app without remote support links no LibVNCServer.
        .trait(name: "Remote", description: "--remote: the screen served over VNC for remote support (LibVNCServer; Debian: libvncserver-dev)"),
        .trait(name: "Metrics", description: "--metrics: the panel's health served for Prometheus on a local port (swift-prometheus)"),
    ],
    dependencies: [
        // Test-only: counts mallocs inside `swift test` (zero-allocation proof).
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.6.1"),
        // Elementary functions (atan2, cos) for the gesture recognizers: RealModule.
        .package(url: "https://github.com/apple/swift-numerics.git", from: "1.1.1"),
        // The command line of panelctl only.
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        // Metrics for Prometheus (a swift-metrics backend; swift-atomics and swift-metrics only):
        // PanelPrometheus, behind the Metrics trait and the runtime's off-by-default endpoint.
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // The metrics API (CoreMetrics; no Foundation): PanelMetrics publishes through it, so
        // any backend (Prometheus above, swift-otel in an app) takes the panel's health.
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.5.0"),
        // Logging (swift-log's API; no Foundation): the runtime's faults, recoveries and state
        // changes, to journald under systemd (PanelLinux's handler) and plain lines otherwise.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        // The DocC reference (scripts/docs): a command plugin only, nothing an app links.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "PanelCore", swiftSettings: strictSettings),
        // Files: whole reads and atomic writes (temporary file, fsync, rename, directory fsync)
        // with errors that name the path and the fix. libc only.
        .target(name: "PanelFiles", swiftSettings: strictSettings),
        // Threads: PanelKit's one way to start one (named, optionally real-time). libc only.
        .target(name: "PanelThreads", swiftSettings: strictSettings),
        // A locale's conventions (month names, date order, 12/24-hour clock, first weekday) from
        // glibc's locale data: libc only, no Foundation.
        // glibc's gettext (libintl.h; part of the C library).
        .systemLibrary(name: "CIntl"),
        .target(
            name: "PanelLocale", dependencies: [.target(name: "CIntl", condition: .when(platforms: [.linux]))], swiftSettings: strictSettings),
        .target(name: "TouchControllers", dependencies: ["PanelCore"], swiftSettings: strictSettings),
        // The layout solver (Cassowary's incremental simplex) under Auto Layout: plain Swift,
        // no dependencies.
        .target(name: "PanelLayout", swiftSettings: strictSettings),
        // libpng 1.6's simplified API (Debian: libpng-dev) for PNG images and screenshots.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // FreeType (Debian: libfreetype-dev) rasterises TrueType/OpenType glyphs; HarfBuzz
        // (libharfbuzz-dev) shapes text (kerning, ligatures). The built-in bitmap font needs neither.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // HarfBuzz's headers only: the library is loaded (dlopen) when a TrueType family is made.
        .systemLibrary(name: "CHarfBuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", providers: [.apt(["libfribidi-dev"])]),
        // libpng's row-by-row writer, for screenshots without a whole-image copy: a C file keeps
        // the setjmp libpng's errors need.
        .target(name: "CPNGStream", linkerSettings: [.linkedLibrary("png16")]),
        // The built-in bitmap faces, constant data made by scripts/generate-font.
        .target(name: "CBuiltInFont"),
        // Long runs of one pixel word, through libc's wmemset.
        .target(name: "CPixelRuns"),
        .target(
            name: "PanelGraphics",
            dependencies: [
                "PanelCore", "PanelFiles", "CPNG", "CPNGStream", "CBuiltInFont", "CPixelRuns", "CFreeType", "CHarfBuzz", "CFriBidi",
                .product(name: "RealModule", package: "swift-numerics"),
            ],
            swiftSettings: strictSettings),
        // libjpeg-turbo's TurboJPEG (Debian: libturbojpeg0-dev), for PanelJPEG only.
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        // JPEG decoding for the image cache and ImageView; only apps that import it link libjpeg.
        .target(name: "PanelJPEG", dependencies: ["PanelGraphics", "CTurboJPEG"], swiftSettings: strictSettings),
        // The platform seam: what a backend (headless, Linux, simulator) provides and the one run
        // loop they share; the UI is a RunLoopClient, so no backend imports it.
        // libdispatch's main queue, as a run loop services it (part of the Swift runtime on Linux).
        .systemLibrary(name: "CMainQueue"),
        .target(
            name: "PanelPlatform",
            dependencies: ["PanelCore", "PanelGraphics", .target(name: "CMainQueue", condition: .when(platforms: [.linux]))],
            swiftSettings: strictSettings),
        .target(
            name: "PanelUI",
            dependencies: [
                "PanelCore", "PanelGraphics", "PanelPlatform", "PanelLocale", "PanelLayout", .product(name: "RealModule", package: "swift-numerics"),
            ],
            swiftSettings: strictSettings
        ),
        // libmosquitto (Debian: libmosquitto-dev), for PanelMQTT only.
        .systemLibrary(name: "CMosquitto", pkgConfig: "libmosquitto", providers: [.apt(["libmosquitto-dev"])]),
        .target(name: "PanelMQTT", dependencies: ["PanelThreads", "PanelFiles", "CMosquitto"], swiftSettings: strictSettings),
        // LibVNCServer (Debian: libvncserver-dev), for PanelRemote only.
        .systemLibrary(name: "CVNCServer", pkgConfig: "libvncserver", providers: [.apt(["libvncserver-dev"])]),
        // Remote support: the display mirrored over VNC, the pointer as a finger, on the run loop.
        .target(
            name: "PanelRemote",
            dependencies: [
                "PanelCore", "PanelGraphics", "PanelPlatform", "PanelUI", "PanelFiles", .product(name: "Logging", package: "swift-log"),
                .target(name: "CVNCServer", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: strictSettings),
        // libqrencode (Debian: libqrencode-dev), for PanelQRCode only.
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // QR codes: the encoder and a view that draws them pixel-exact.
        .target(name: "PanelQRCode", dependencies: ["PanelUI", "CQRencode"], swiftSettings: strictSettings),
        // espeak-ng (Debian: libespeak-ng-dev and espeak-ng-data's voices) and ALSA
        // (libasound2-dev), for PanelSpeech only.
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev", "espeak-ng-data"])]),
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        // A SpeechOutput that synthesises with espeak-ng on its own thread and plays through ALSA,
        // or writes to memory or a WAV file. Imports no UI.
        .target(
            name: "PanelSpeech",
            dependencies: [
                "PanelPlatform", "PanelFiles", "PanelThreads", .product(name: "Logging", package: "swift-log"),
                .target(name: "CEspeakNG", condition: .when(platforms: [.linux])),
                .target(name: "CALSA", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: strictSettings),
        // Kernel uAPI headers (i2c-dev, evdev, uinput) and libi2c (Debian: libi2c-dev).
        .systemLibrary(name: "CPanelLinux", providers: [.apt(["libi2c-dev"])]),
        // libgpiod, v1 (1.6) or v2 (2.x): the shim picks the API from the gpiod.h pkg-config finds.
        // libxkbcommon: keyboard layouts for evdev keyboards.
        .systemLibrary(name: "CXKBCommon", providers: [.apt(["libxkbcommon-dev", "xkb-data"])]),
        // libdrm: DRM/KMS mode setting, dumb buffers and page flips.
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CGPIOD", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
        // Linux devices: I2C, GPIO, evdev, fbdev and the epoll run loop (which drives any
        // RunLoopClient: it knows nothing of the UI). The sources compile to nothing elsewhere;
        // the C modules stay internal.
        .target(
            name: "PanelLinux",
            dependencies: [
                "PanelCore", "PanelGraphics", "PanelPlatform", "PanelThreads", .product(name: "Logging", package: "swift-log"),
                .target(name: "CPanelLinux", condition: .when(platforms: [.linux])),
                .target(name: "CGPIOD", condition: .when(platforms: [.linux])),
                .target(name: "CXKBCommon", condition: .when(platforms: [.linux])),
                .target(name: "CDRM", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: strictSettings
        ),
        // SDL2 (Debian: libsdl2-dev), for the simulator only. No pkgConfig: sdl2.pc's -D_REENTRANT
        // is a flag SwiftPM refuses with a warning; the shim includes <SDL2/SDL.h> and names the
        // package when it is missing.
        .systemLibrary(name: "CSDL2"),
        // The simulator backend: the app in an SDL2 window, the mouse as fingers, keys as presses.
        .target(
            name: "PanelSimulator",
            dependencies: ["PanelCore", "PanelGraphics", "PanelPlatform", "PanelThreads", "CSDL2"],
            swiftSettings: strictSettings
        ),
        // Accelerometers (LIS3DH) and shake detection: motion events from a real source.
        .target(name: "MotionSensors", dependencies: ["PanelCore"], swiftSettings: strictSettings),
        // A panel's health as swift-metrics (the API only), read from the runtime's counters.
        .target(
            name: "PanelMetrics", dependencies: ["PanelCore", .product(name: "CoreMetrics", package: "swift-metrics")], swiftSettings: strictSettings),
        // The same in a Prometheus registry, for the Metrics trait's endpoint.
        .target(
            name: "PanelPrometheus", dependencies: ["PanelMetrics", .product(name: "Prometheus", package: "swift-prometheus")],
            swiftSettings: strictSettings),
        // The bench: mock lines, manual clock, chip emulators, scripted fingers. No test framework.
        .target(
            name: "PanelBench",
            dependencies: [
                "PanelCore", "PanelGraphics", "PanelPlatform", "TouchControllers", "MotionSensors", "PanelBoards", "PanelControllers",
                .product(name: "RealModule", package: "swift-numerics"),
            ],
            swiftSettings: strictSettings
        ),
        // The benchmarks' screens, built on the UI; the allocation tests and the demo use them too.
        .target(
            name: "BenchScreens",
            dependencies: ["PanelCore", "PanelGraphics", "PanelUI", "PanelBench", .product(name: "RealModule", package: "swift-numerics")],
            path: "Benchmarks/Screens",
            swiftSettings: strictSettings
        ),
        // Test support built on Swift Testing, kept out of Sources/ (nothing shipped imports it):
        // only test targets, ours and apps', depend on it.
        .target(
            name: "PanelTestKit",
            dependencies: ["PanelCore", "TouchControllers", "PanelUI", "PanelBench"],
            path: "TestSupport/PanelTestKit",
            swiftSettings: strictSettings
        ),
        // The board files of boards/, compiled in (embedInCode: no bundle, no Foundation).
        .target(
            name: "PanelBoardFiles",
            path: "boards",
            exclude: ["README.md"],
            sources: ["BundledBoards.swift"],
            resources: [
                .embedInCode("mock.json"),
                .embedInCode("mock-gt911.json"),
                .embedInCode("mock-480x272.json"),
                .embedInCode("mock-1024x600.json"),
                .embedInCode("mock-1280x800.json"),
                .embedInCode("mock-720x1280.json"),
                .embedInCode("pimoroni-hyperpixel4.json"),
                .embedInCode("raspberrypi-adafruit-pitft28-capacitive.json"),
                .embedInCode("raspberrypi-gt911-7inch.json"),
                .embedInCode("raspberrypi-official-7inch.json"),
            ],
            swiftSettings: strictSettings
        ),
        // Board files: decoding, validation, calibration overrides, touch traces. No Foundation.
        .target(name: "PanelBoards", dependencies: ["PanelCore", "PanelFiles", "PanelBoardFiles", "PanelLocale"], swiftSettings: strictSettings),
        // The chip registry: each touch controller's board-file model and driver construction,
        // so that nothing else names a chip. Its emulator half lives in PanelBench.
        .target(
            name: "PanelControllers",
            dependencies: ["PanelCore", "TouchControllers", "PanelBoards"],
            swiftSettings: strictSettings
        ),
        // The Linux backend: the board's framebuffer or DRM card, its touch controller on an
        // input thread, its keys, buttons, motion sensor and screen power, on the epoll loop.
        // It imports nothing of the UI: the app is a RunLoopClient it drives.
        .target(
            name: "PanelLinuxPlatform",
            dependencies: [
                "PanelCore", "PanelGraphics", "PanelPlatform", "PanelLinux", "PanelBoards", "PanelControllers", "MotionSensors",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The composition root and app entry point: a board file becomes drivers, lines,
        // framebuffer, run loop and signal handling (PanelApp, PanelRuntime).
        .target(
            name: "PanelKit",
            dependencies: [
                "PanelCore", "TouchControllers", "MotionSensors", "PanelMetrics", "PanelGraphics", "PanelPlatform", "PanelUI", "PanelLocale", "PanelBoards",
                "PanelControllers", "PanelLinux", "PanelLinuxPlatform", .product(name: "Logging", package: "swift-log"),
                .target(name: "PanelBench", condition: .when(traits: ["Bench"])),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .target(name: "PanelSimulator", condition: .when(traits: ["Simulator"])),
                .target(name: "PanelPrometheus", condition: .when(traits: ["Metrics"])),
                .target(name: "PanelRemote", condition: .when(traits: ["Remote"])),
            ],
            swiftSettings: strictSettings
        ),
        // panelctl's commands, a library so tests run them.
        .target(
            name: "PanelCommands",
            dependencies: [
                "PanelKit", "PanelCore", "TouchControllers", "PanelGraphics", "PanelPlatform", "PanelUI", "PanelLocale", "PanelBoards", "PanelControllers",
                "PanelBench",
                "BenchScreens", "PanelLinux", "PanelLinuxPlatform",
                .product(name: "ArgumentParser", package: "swift-argument-parser"), .product(name: "Logging", package: "swift-log"),
                .product(name: "RealModule", package: "swift-numerics"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "panelctl",
            dependencies: ["PanelCommands", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "PanelLayoutTests", dependencies: ["PanelLayout"], swiftSettings: strictSettings),
        .testTarget(
            name: "PanelCoreTests",
            dependencies: ["PanelCore", "PanelBench"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "PanelThreadsTests", dependencies: ["PanelThreads"], swiftSettings: strictSettings),
        .testTarget(
            name: "MotionSensorsTests",
            dependencies: ["MotionSensors", "PanelCore", "PanelBench", "PanelUI", "PanelPlatform"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TouchControllersTests",
            dependencies: ["TouchControllers", "PanelCore", "PanelBench", "PanelTestKit"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PanelGraphicsTests",
            dependencies: ["PanelGraphics", "PanelCore", "PanelJPEG", "CFriBidi"],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PanelLinuxTests",
            dependencies: [
                "PanelLinuxPlatform",
                "BenchScreens",
                "PanelControllers",
                "PanelLinux", "PanelGraphics", "PanelCore", "PanelUI", "TouchControllers", "PanelBench", "PanelKit", "PanelBoards",
                "PanelPlatform", "PanelCommands", .product(name: "Logging", package: "swift-log"),
                .target(name: "CPanelLinux", condition: .when(platforms: [.linux])),
                .target(name: "CDRM", condition: .when(platforms: [.linux])),
            ],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PanelControllersTests",
            dependencies: ["PanelControllers", "PanelBoards", "PanelCore", "PanelBench", "TouchControllers"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PanelBoardsTests",
            dependencies: ["PanelControllers", "PanelBoards", "PanelCore", "PanelFiles", "PanelLocale"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PanelCommandsTests",
            dependencies: [
                "PanelLinuxPlatform",
                "PanelControllers",
                "PanelCommands", "PanelKit", "PanelBoards", "PanelCore", "PanelGraphics", "PanelBench", "GoldenImages", "PanelLocale",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .target(name: "PanelLinux", condition: .when(platforms: [.linux])),
            ],
            // Golden PNGs are read from the source tree by path (GoldenImages).
            exclude: ["Goldens"],
            swiftSettings: strictSettings
        ),
        // The golden-image check the test suites share (a library for tests only).
        .target(name: "GoldenImages", dependencies: ["PanelGraphics"], path: "Tests/GoldenImages", swiftSettings: strictSettings),
        .testTarget(
            name: "PanelUITests",
            dependencies: [
                "BenchScreens", "GoldenImages", "PanelLocale",
                "PanelUI", "PanelCore", "PanelBench", "TouchControllers", "PanelQRCode", .product(name: "RealModule", package: "swift-numerics"),
            ],
            // Golden PNGs are read from the source tree by path (GoldenImage.swift).
            exclude: ["Goldens"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PanelSpeechTests",
            dependencies: [
                "PanelSpeech", "PanelPlatform", "PanelCore", "PanelFiles", .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PanelTestKitTests",
            dependencies: ["PanelTestKit", "PanelBench", "PanelCore", "PanelUI", "TouchControllers"],
            swiftSettings: strictSettings
        ),
        // The MQTT client against a real broker (Debian's mosquitto, started on loopback by the
        // tests): scripts/setup --mqtt installs it.
        .testTarget(name: "PanelMQTTTests", dependencies: ["PanelMQTT", "PanelTestKit"], swiftSettings: strictSettings),
        .testTarget(
            name: "PanelRemoteTests",
            dependencies: [
                "PanelRemote", "PanelCore", "PanelGraphics", "PanelPlatform", "PanelUI", "PanelLinux", "BenchScreens", "PanelTestKit",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings),
        // An app with a synchronous main, as apps have, for the tests of the main actor on each
        // platform's loop (a test runner's main queue belongs to libdispatch, not to a loop).
        .executableTarget(
            name: "MainActorProbe",
            dependencies: [
                "PanelKit", "PanelCore", "PanelUI", "PanelPlatform", "PanelLinux", "PanelGraphics",
                .target(name: "PanelSimulator", condition: .when(traits: ["Simulator"])),
            ],
            path: "Tests/MainActorProbe",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PanelKitTests",
            dependencies: [
                "MainActorProbe", "PanelPlatform",
                "PanelLinuxPlatform",
                "BenchScreens",
                "PanelControllers",
                "PanelKit", "PanelLocale", "PanelBoards", "PanelCore", "PanelUI", "PanelBench", "TouchControllers", "PanelGraphics",
                .product(name: "Logging", package: "swift-log"), .product(name: "InMemoryLogging", package: "swift-log"), "PanelMetrics",
                .product(name: "CoreMetrics", package: "swift-metrics"), .product(name: "MetricsTestKit", package: "swift-metrics"),
            ],
            swiftSettings: strictSettings
        ),
        // The simulator's tests: SDL's offscreen video driver, events injected with SDL_PushEvent.
        // Without the Simulator trait they compile to nothing.
        .testTarget(
            name: "PanelSimulatorTests",
            dependencies: [
                "PanelCore", "PanelGraphics", "PanelPlatform", "PanelUI",
                .target(name: "PanelSimulator", condition: .when(traits: ["Simulator"])),
                .target(name: "CSDL2", condition: .when(traits: ["Simulator"])),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PanelBenchTests",
            dependencies: [
                "BenchScreens",
                "PanelBench", "PanelCore", "PanelPlatform", "TouchControllers", "MotionSensors", "PanelUI",
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

// A build may name the only test targets it needs, as PANELKIT_TEST_TARGETS="A B …": the
// sanitizer builds and the optimized build of the allocation and kernel tests compile the suites
// they run, not every suite. Unset (as for `swift test`), every test target is built.
if let wanted = Context.environment["PANELKIT_TEST_TARGETS"] {
    let names = Set(wanted.split(separator: " ").map(String.init))
    let tests = Set(package.targets.filter { $0.type == .test }.map(\.name))
    for name in names.subtracting(tests) {
        fatalError("PANELKIT_TEST_TARGETS names \(name), which is not a test target; the test targets are \(tests.sorted().joined(separator: " "))")
    }
    package.targets.removeAll { $0.type == .test && !names.contains($0.name) }
}
