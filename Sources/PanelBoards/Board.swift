public import PanelCore
public import PanelLocale

/// One board's hardware facts, decoded and validated from a `boards/*.json` file.
///
/// Keys follow the Linux device-tree touchscreen bindings (`touchscreen-size-x`,
/// `touchscreen-inverted-x`, `touchscreen-swapped-x-y`) and the Zephyr/Linux compatibles
/// (`focaltech,ft6236`, `goodix,gt911`); `boards/README.md` documents every key. The code takes
/// this value; it never hard-codes a bus, an address or a pin.
public struct Board: Hashable, Sendable {
    /// The board's name: the file name without `.json`.
    public var name: String
    /// A human name for the hardware ("Raspberry Pi 4 + Adafruit 2.8\" capacitive PiTFT").
    public var model: String
    /// Where the facts came from, and anything a user must know (the `comment` key).
    public var comment: [String]
    /// The touch controller.
    public var touch: Touch
    /// The display.
    public var display: Display
    /// TrueType/OpenType font files for the app's text, first choice first (the rest are the
    /// fallback chain: a Latin font, then a CJK one). Empty: the built-in bitmap font.
    public var fonts: [String] = []
    /// Keyboards, keypads, buttons and remotes the kernel presents as input devices (the
    /// `keys` object); none by default.
    public var keys = Keys()
    /// The backlight and the idle policy (the `power` object); none by default.
    public var power = Power()
    /// Push buttons on GPIO lines (the `buttons` array); none by default.
    public var buttons: [Button] = []
    /// Rotary encoders on GPIO lines (the `encoders` array); none by default.
    public var encoders: [Encoder] = []
    /// An accelerometer (the `motion` object); none by default.
    public var motion: Motion?
    /// The screen reader and its voice (the `accessibility` object); the reader off by default.
    public var accessibility = Accessibility()
    /// Light or dark, and contrast (the `appearance` object); light by default.
    public var appearance = Appearance()
    /// The language the app is shown in ("de", "zh_CN"; the `language` key), when the app has
    /// catalogs for it; nil: the environment's (`PANELKIT_LANGUAGE`, `LANGUAGE`, `LANG`).
    public var language: Language?
    /// The file the board was read from (nil when built in code).
    public var path: String?

    /// A board named `name` (a person reads `model`) with its touch controller and display; `path` is
    /// the file it came from.
    public init(name: String, model: String, comment: [String] = [], touch: Touch, display: Display, path: String? = nil) {
        self.name = name
        self.model = model
        self.comment = comment
        self.touch = touch
        self.display = display
        self.path = path
    }

    /// The driver a `compatible` string selects: a chip driver of the registry (`focaltech`,
    /// `goodix`, `hynitron`) or ``evdev``.
    public struct Driver: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The driver's name.
        public var rawValue: String
        /// The driver named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The driver named `name`.
        public init(_ name: String) { rawValue = name }
        /// A kernel input device (`EvdevTouchSource`): the kernel driver owns the chip.
        public static let evdev = Driver("evdev")
        /// The driver's name.
        public var description: String { rawValue }
    }

    /// The compatible of a touchscreen the kernel drives, read through its evdev device.
    public static let evdevCompatible = "linux,evdev"

    /// Where the touch controller is reached.
    public enum Bus: Hashable, Sendable, CustomStringConvertible {
        /// The bench: an emulated chip on the mock bus (`PanelBench`).
        case mock
        /// A Linux I2C character device, `/dev/i2c-N`.
        case device(String)

        /// `mock` or the device's path.
        public var description: String {
            switch self {
            case .mock: "mock"
            case .device(let path): path
            }
        }
    }

    /// A GPIO line: the `interrupt` and `reset` keys.
    public struct Pin: Hashable, Sendable, CustomStringConvertible {
        /// A line by offset on its chip, or by the name the device tree gave it.
        public enum Line: Hashable, Sendable, CustomStringConvertible {
            case offset(Int)
            case name(String)
            /// The offset, or the quoted name.
            public var description: String {
                switch self {
                case .offset(let n): String(n)
                case .name(let s): "\"\(s)\""
                }
            }
        }
        /// The chip: `gpiochip0`, `/dev/gpiochip0`, a number, or a label (`pinctrl-bcm2711`).
        public var chip: String
        /// The line: an offset on the chip or a name.
        public var line: Line
        /// Whether the line is asserted low (the GT911 and FT6x06 INT outputs usually are).
        public var activeLow: Bool
        /// The input bias to request.
        public var bias: Bias

        /// A line of `chip`, asserted low if `activeLow`, with `bias`.
        public init(chip: String = "gpiochip0", line: Line, activeLow: Bool = false, bias: Bias = .asIs) {
            self.chip = chip
            self.line = line
            self.activeLow = activeLow
            self.bias = bias
        }

        /// `chip line N`, and whether it is active low.
        public var description: String { "\(chip) line \(line)\(activeLow ? " (active low)" : "")" }
    }

    /// The `touch` object.
    public struct Touch: Hashable, Sendable {
        /// The compatible string as written (`focaltech,ft6236`).
        public var compatible: String
        /// The driver `compatible` selects.
        public var driver: Driver
        /// The I2C bus (nil for evdev).
        public var bus: Bus?
        /// The 7-bit address (`reg`).
        public var address: I2CAddress?
        /// The other address the chip may answer at (`alt-reg`; a GT911's strap-selected 0x14/0x5D).
        public var alternateAddress: I2CAddress?
        /// The controller's interrupt line (`interrupt`); nil: the driver polls.
        public var interrupt: Pin?
        /// The controller's reset line (`reset`); nil: no hardware reset.
        public var reset: Pin?
        /// The controller's coordinate range (`touchscreen-size-x`/`-y`); nil for evdev means the
        /// device's absolute-axis range.
        public var sizeX: Int?
        /// The controller's vertical coordinate range (`touchscreen-size-y`).
        public var sizeY: Int?
        /// Whether X runs the other way (`touchscreen-inverted-x`).
        public var invertedX = false
        /// Whether Y runs the other way (`touchscreen-inverted-y`).
        public var invertedY = false
        /// Whether X and Y are exchanged (`touchscreen-swapped-x-y`).
        public var swappedXY = false
        /// At most this many contacts (nil: what the chip reports).
        public var maxContacts: Int?
        /// How often to read when there is no interrupt line, in milliseconds.
        public var pollIntervalMilliseconds = 10
        /// evdev: the device node.
        public var device: String?
        /// evdev: kernel device names to look for when no node is given (`generic ft5x06 (79)`).
        public var deviceNames: [String] = []
        /// evdev: take the device exclusively (`EVIOCGRAB`).
        public var grab = false
        /// A tslib-style 3-point calibration applied in panel coordinates (`calibration`).
        public var calibration: CalibrationMatrix?

        /// A controller that `compatible` names, driven by `driver`.
        public init(compatible: String, driver: Driver) {
            self.compatible = compatible
            self.driver = driver
        }
    }

    /// The framebuffer's pixel format, for memory framebuffers.
    public enum PixelFormatName: String, Hashable, Sendable, CaseIterable {
        case rgb565, bgr565, xrgb8888, argb8888, xbgr8888, abgr8888
    }

    /// The `display` object.
    public struct Display: Hashable, Sendable {
        /// Where the display is drawn.
        public enum Device: Hashable, Sendable, CustomStringConvertible {
            /// A framebuffer in memory (the bench; screenshots are the only way to see it).
            case memory
            /// A Linux framebuffer device, `/dev/fbN`.
            case framebuffer(String)
            /// A DRM/KMS card, `/dev/dri/cardN`; nil: the first card with a display connected,
            /// or `/dev/fb0` when there is no DRM card at all.
            case drm(String?)
            /// `memory`, the device's path, or `drm`.
            public var description: String {
                switch self {
                case .memory: "memory"
                case .framebuffer(let path): path
                case .drm(let path): path ?? "drm"
                }
            }
        }
        /// The display device.
        public var device: Device
        /// DRM only: the connector (`HDMI-A-1`, `DSI-1`); nil: the first connected.
        public var connector: String?
        /// DRM only: the mode ("800x480", "800x480@60"); nil: the connector's preferred mode.
        public var mode: String?
        /// The panel's native size in pixels (the framebuffer's, before rotation).
        public var width: Int
        /// The panel's native height in pixels (before rotation).
        public var height: Int
        /// The memory framebuffer's format (a device reports its own).
        public var format: PixelFormatName
        /// How the UI is turned onto the panel; touches are turned the same way.
        public var rotation: Rotation

        /// A display on `device` of `width` × `height` pixels, in `format` (memory framebuffers), turned
        /// by `rotation`.
        public init(device: Device, width: Int, height: Int, format: PixelFormatName = .xrgb8888, rotation: Rotation = .degrees0) {
            self.device = device
            self.width = width
            self.height = height
            self.format = format
            self.rotation = rotation
        }

        /// The size the UI sees (width and height swapped at 90° and 270°).
        public var uiSize: Size {
            switch rotation {
            case .degrees0, .degrees180: Size(width: width, height: height)
            case .degrees90, .degrees270: Size(width: height, height: width)
            }
        }
    }

    /// The transform from controller coordinates to UI points, for a controller of the given
    /// resolution (the board's `touchscreen-size-x`/`-y` when it has them).
    public func transform(controllerWidth: Int? = nil, controllerHeight: Int? = nil) -> TouchscreenTransform {
        TouchscreenTransform(
            controllerWidth: touch.sizeX ?? controllerWidth ?? display.width,
            controllerHeight: touch.sizeY ?? controllerHeight ?? display.height,
            panelWidth: display.width, panelHeight: display.height,
            invertX: touch.invertedX, invertY: touch.invertedY, swapXY: touch.swappedXY,
            rotation: display.rotation, calibration: touch.calibration)
    }

    /// Whether everything runs on the bench (mock bus and memory framebuffer).
    public var isMock: Bool { touch.bus == .mock }
}
