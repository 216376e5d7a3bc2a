public import PanelKit

/// The Profile tab: who the user is (a photo, a name, a description, an email and a phone with
/// their icons, two buttons), a form (name, password, gender from a dropdown, a birthday from a
/// calendar sheet), and skills on a slider and two switches.
public final class ProfileController: ShowcasePage, TextFieldDelegate {
    /// The photo, its white ring and grey rim drawn in (a view's clip is rectangular).
    public let avatar = ImageView(frame: Rect(x: 24, y: 20, width: 136, height: 136))
    public let logOutButton = Style.filledButton("Log out", frame: Rect(x: 468, y: 108, width: 132, height: 44))
    public let inviteButton = Style.filledButton("Invite", frame: Rect(x: 616, y: 108, width: 132, height: 44))
    public let userName = TextField(frame: Rect(x: 20, y: 86, width: 162, height: 42))
    public let password = TextField(frame: Rect(x: 196, y: 86, width: 162, height: 42))
    public let gender = Dropdown(items: ["Male", "Female", "Other"], frame: Rect(x: 20, y: 166, width: 162, height: 42))
    public let birthday = TextField(frame: Rect(x: 196, y: 166, width: 162, height: 42))
    public let experience = Slider(frame: Rect(x: 20, y: 84, width: 336, height: 32))
    public let teamPlayer = Switch()
    public let hardWorking = Switch()
    /// The date chosen on the birthday sheet.
    public private(set) var birthDate: CalendarDate?

    public override init() {
        super.init()
        title = "Profile"
        tabBarItem = TabBarItem(
            title: "Profile", image: Style.picture(Pictures.profileTab, "tab-profile"),
            selectedImage: Style.picture(Pictures.profileTabSelected, "tab-profile-selected"))
    }

    public override func viewDidLoad() {
        let width = 800 - 2 * Style.gap
        let about = Card(title: "Elena Smith", frame: Rect(x: Style.gap, y: Style.gap, width: width, height: 176))
        about.titleLabel.frame = Rect(x: 184, y: 18, width: 400, height: 32)
        avatar.image = Style.picture(Pictures.avatar, "avatar")
        avatar.contentMode = .scaleAspectFill
        about.addSubview(avatar)
        about.addSubview(
            Style.caption("This is a short description of me. Take a look at my profile!", frame: Rect(x: 184, y: 56, width: 560, height: 24)))
        about.addSubview(Symbol(.envelope, frame: Rect(x: 184, y: 104, width: 22, height: 16)))
        about.addSubview(Style.label("elena@smith.com", frame: Rect(x: 216, y: 100, width: 240, height: 24)))
        about.addSubview(Symbol(.phone, frame: Rect(x: 186, y: 136, width: 18, height: 18)))
        about.addSubview(Style.label("+79 246 123 4567", frame: Rect(x: 216, y: 133, width: 240, height: 24)))
        inviteButton.isEnabled = false
        about.addSubview(logOutButton)
        about.addSubview(inviteButton)

        let halfWidth = (width - Style.gap) / 2
        let form = Card(title: "Your profile", frame: Rect(x: Style.gap, y: 208, width: halfWidth, height: 228))
        // Each control speaks for the caption above it, and is touched in 44 points (drawn 42).
        let formControls: [(Control, String, Rect)] = [
            (userName, "User name", Rect(x: 20, y: 60, width: 160, height: 22)), (password, "Password", Rect(x: 196, y: 60, width: 160, height: 22)),
            (gender, "Gender", Rect(x: 20, y: 140, width: 160, height: 22)), (birthday, "Birthday", Rect(x: 196, y: 140, width: 160, height: 22)),
        ]
        for (control, caption, frame) in formControls {
            form.addSubview(Style.caption(caption, frame: frame, speaks: false))
            control.accessibilityLabel = caption
            control.minimumTouchTarget = Size(width: 44, height: 44)
        }
        userName.placeholder = "Your name"
        userName.returnKeyType = .next
        password.placeholder = "Min. 8 chars."
        password.isSecureTextEntry = true
        birthday.placeholder = "Pick a date"
        for field in [userName, password, birthday] {
            field.delegate = self
            field.borderWidth = 2
            field.borderColor = Style.border
            field.cornerRadius = 8
            form.addSubview(field)
        }
        gender.placeholder = "Choose"
        form.addSubview(gender)

        let skills = Card(title: "Your skills", frame: Rect(x: Style.gap * 2 + halfWidth, y: 208, width: halfWidth, height: 228))
        skills.addSubview(Style.caption("Experience", frame: Rect(x: 20, y: 60, width: 160, height: 22), speaks: false))
        experience.accessibilityLabel = "Experience"

        experience.minimumTrackTintColor = Style.blue
        experience.maximumTrackTintColor = Style.blue.mixed(with: .white, by: 0.8)
        experience.value = 0.35
        skills.addSubview(experience)
        skills.addSubview(Style.caption("Team player", frame: Rect(x: 20, y: 140, width: 160, height: 22), speaks: false))
        skills.addSubview(Style.caption("Hard-working", frame: Rect(x: 196, y: 140, width: 160, height: 22), speaks: false))
        teamPlayer.accessibilityLabel = "Team player"
        hardWorking.accessibilityLabel = "Hard-working"
        teamPlayer.frame.origin = Point(x: 20, y: 170)
        hardWorking.frame.origin = Point(x: 196, y: 170)
        for toggle in [teamPlayer, hardWorking] {
            toggle.onTintColor = Style.blue
            skills.addSubview(toggle)
        }
        hardWorking.isOn = true

        for card in [about, form, skills] { page.addSubview(card) }
        page.contentSize = Size(width: 800, height: form.frame.maxY + Style.gap)
    }

    // MARK: - Text fields

    /// The birthday field opens the calendar sheet instead of the keyboard.
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
        guard textField === birthday else { return true }
        showBirthdaySheet()
        return false
    }

    /// Return in the name moves to the password; in the password it ends editing.
    public func textFieldShouldReturn(_ textField: TextField) -> Bool {
        if textField === userName { _ = password.becomeFirstResponder() } else { _ = textField.resignFirstResponder() }
        return false
    }

    /// Presents a sheet with a calendar; the chosen day fills the birthday field.
    public func showBirthdaySheet() {
        let sheet = BirthdaySheet(selected: birthDate)
        sheet.onPick = { [weak self] date in self?.setBirthDate(date) }
        present(sheet, animated: true)
    }

    /// Fills the birthday field with `date`, written day.month.year.
    public func setBirthDate(_ date: CalendarDate) {
        birthDate = date
        birthday.text = "\(date.day).\(date.month).\(date.year)"
    }
}
