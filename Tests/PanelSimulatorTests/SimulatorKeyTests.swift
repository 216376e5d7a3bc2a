#if Simulator
import CSDL2
import PanelPlatform
import PanelSimulator
import Testing

@Suite("Simulator keys: the keyboard stands for a panel's buttons")
struct SimulatorKeyTests {
    static let presses: [(SDL_KeyCode, PressType)] = [
        (SDLK_UP, .upArrow), (SDLK_DOWN, .downArrow), (SDLK_LEFT, .leftArrow), (SDLK_RIGHT, .rightArrow),
        (SDLK_RETURN, .select), (SDLK_KP_ENTER, .select), (SDLK_ESCAPE, .menu), (SDLK_SPACE, .playPause),
        (SDLK_PAGEUP, .pageUp), (SDLK_PAGEDOWN, .pageDown),
    ]

    @Test("each button key becomes its press type", arguments: presses.indices)
    func buttonKeysBecomePresses(index: Int) {
        let (key, type) = Self.presses[index]
        #expect(SimulatorKey.from(keycode: Int32(bitPattern: key.rawValue), control: false) == .press(type))
    }

    @Test("Ctrl+Z is the shake key")
    func controlZShakes() {
        #expect(SimulatorKey.from(keycode: Int32(bitPattern: SDLK_z.rawValue), control: true) == .shake)
    }

    @Test("Ctrl+S is the screenshot key")
    func controlSTakesAScreenshot() {
        #expect(SimulatorKey.from(keycode: Int32(bitPattern: SDLK_s.rawValue), control: true) == .screenshot)
    }

    @Test("a letter without Ctrl does nothing (it is not a button)")
    func lettersAreNotButtons() {
        #expect(SimulatorKey.from(keycode: Int32(bitPattern: SDLK_z.rawValue), control: false) == nil)
    }
}
#endif
