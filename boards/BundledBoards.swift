// The board files of this folder, compiled into the library (SwiftPM's embedInCode resources),
// so that a built program finds `mock` or `raspberrypi-gt911-7inch` wherever it runs: no
// resource bundle beside the binary, no source-tree path, no Foundation.
// Every `*.json` here must be listed below and in Package.swift (a test checks both).

/// The bundled board files: name (the file name without `.json`) and contents.
public let bundledBoardFiles: [(name: String, contents: [UInt8])] = [
    ("mock", PackageResources.mock_json),
    ("mock-1024x600", PackageResources.mock_1024x600_json),
    ("mock-1280x800", PackageResources.mock_1280x800_json),
    ("mock-480x272", PackageResources.mock_480x272_json),
    ("mock-720x1280", PackageResources.mock_720x1280_json),
    ("mock-gt911", PackageResources.mock_gt911_json),
    ("pimoroni-hyperpixel4", PackageResources.pimoroni_hyperpixel4_json),
    ("raspberrypi-adafruit-pitft28-capacitive", PackageResources.raspberrypi_adafruit_pitft28_capacitive_json),
    ("raspberrypi-gt911-7inch", PackageResources.raspberrypi_gt911_7inch_json),
    ("raspberrypi-official-7inch", PackageResources.raspberrypi_official_7inch_json),
]
