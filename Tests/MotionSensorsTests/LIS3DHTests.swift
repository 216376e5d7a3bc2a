import MotionSensors
import PanelBench
import PanelCore
import Testing

@Suite("LIS3DH: the accelerometer driver against its register-level emulator")
struct LIS3DHTests {
    @Test("start checks WHO_AM_I and sets 100 Hz, all axes, high resolution, block update and ±2 g")
    func startConfigures() throws {
        let chip = LIS3DHEmulator()
        var sensor = LIS3DH(bus: chip)
        try sensor.start()
        #expect(chip.register(0x20) == 0x57)
        #expect(chip.register(0x23) == 0x88)
    }

    @Test("a sample reads back in g, signs and full scale included")
    func readsG() throws {
        let chip = LIS3DHEmulator()
        var sensor = LIS3DH(bus: chip, range: .g4)
        try sensor.start()
        chip.set(x: 0.5, y: -1.25, z: 3.5)
        let a = try sensor.read()
        #expect(abs(a.x - 0.5) < 0.003 && abs(a.y + 1.25) < 0.003 && abs(a.z - 3.5) < 0.003)
    }

    @Test("another chip at the address is an error with the ID read and the ID expected")
    func wrongIdentity() {
        var sensor = LIS3DH(bus: LIS3DHEmulator(identity: 0x6A))
        #expect(throws: MotionSensorError.wrongIdentity(address: I2CAddress(0x18), read: 0x6A, expected: 0x33)) {
            try sensor.start()
        }
    }

    @Test("no answer on the bus is a bus error naming the address")
    func noAnswer() {
        let chip = LIS3DHEmulator()
        chip.nakBursts = 1
        var sensor = LIS3DH(bus: chip)
        #expect {
            try sensor.start()
        } throws: { error in
            guard case .bus(let address, _)? = error as? MotionSensorError else { return false }
            return address == I2CAddress(0x18)
        }
    }
}
