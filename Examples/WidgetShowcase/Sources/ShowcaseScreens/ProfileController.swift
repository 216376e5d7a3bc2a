public import PanelKit

/// The Profile tab: who the user is (a photo, a name, a description, an email and a phone with
/// their icons, two buttons), a form (name, password, gender from a dropdown, a birthday from a
/// calendar sheet), and skills on a slider and two switches.
public final class ProfileController: ShowcasePage, TextFieldDelegate {
    /// The photo, clipped round inside a white ring.
    public let avatar = ImageView(frame: .zero)
    /// The thin grey rim around the ring.
    private let avatarRim = View(frame: .zero)
    public let logOutButton = Style.filledButton("Log out")
    public let inviteButton = Style.filledButton("Invite")
    public let userName = TextField(frame: .zero)
    public let password = TextField(frame: .zero)
    public let gender = Dropdown(items: ["Male", "Female", "Other"], frame: .zero)
    public let birthday = TextField(frame: .zero)
    public let experience = Slider(frame: .zero)
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
        let about = aboutCard()
        let form = formCard()
        let skills = skillsCard()
        arrange([[about], [form, skills]])
    }

    /// Who the user is: the photo, the name and a description beside it, the email and the
    /// phone, and two buttons (beside those where the panel is wide, below where it is narrow).
    private func aboutCard() -> Card {
        let about = Card(title: "Elena Smith")
        avatar.image = Style.picture(Pictures.avatar, "avatar")
        avatar.contentMode = .scaleAspectFill
        avatar.clipsToBounds = true
        avatar.cornerRadius = 68
        avatar.borderWidth = 6
        avatar.borderColor = .white
        avatarRim.backgroundColor = Style.border
        avatarRim.cornerRadius = 70
        let description = Style.caption("This is a short description of me. Take a look at my profile!")
        description.numberOfLines = 0
        let envelope = Symbol(.envelope)
        let email = Style.label("elena@smith.com")
        let phoneSymbol = Symbol(.phone)
        let phone = Style.label("+79 246 123 4567")
        inviteButton.isEnabled = false
        about.add(avatarRim, avatar, description, envelope, email, phoneSymbol, phone, logOutButton, inviteButton)
        about.titleLeading.isActive = false
        let text = about.titleLabel.leadingAnchor
        LayoutConstraint.activate([
            avatar.leadingAnchor.constraint(equalTo: about.leadingAnchor, constant: 24),
            avatar.topAnchor.constraint(equalTo: about.topAnchor, constant: 20),
            avatar.widthAnchor.constraint(equalToConstant: 136), avatar.heightAnchor.constraint(equalToConstant: 136),
            avatarRim.centerXAnchor.constraint(equalTo: avatar.centerXAnchor), avatarRim.centerYAnchor.constraint(equalTo: avatar.centerYAnchor),
            avatarRim.widthAnchor.constraint(equalTo: avatar.widthAnchor, constant: 4),
            avatarRim.heightAnchor.constraint(equalTo: avatar.heightAnchor, constant: 4),
            about.ends(below: avatar),
            text.constraint(equalTo: avatar.trailingAnchor, constant: 24),
            description.leadingAnchor.constraint(equalTo: text),
            description.topAnchor.constraint(equalTo: about.titleLabel.bottomAnchor, constant: 6),
            description.trailingAnchor.constraint(equalTo: about.layoutMarginsGuide.trailingAnchor),
            envelope.leadingAnchor.constraint(equalTo: text), envelope.centerYAnchor.constraint(equalTo: email.centerYAnchor),
            envelope.widthAnchor.constraint(equalToConstant: 22), envelope.heightAnchor.constraint(equalToConstant: 16),
            email.leadingAnchor.constraint(equalTo: envelope.trailingAnchor, constant: 10),
            email.topAnchor.constraint(equalTo: description.bottomAnchor, constant: 16),
            phoneSymbol.centerXAnchor.constraint(equalTo: envelope.centerXAnchor),
            phoneSymbol.centerYAnchor.constraint(equalTo: phone.centerYAnchor),
            phoneSymbol.widthAnchor.constraint(equalToConstant: 18), phoneSymbol.heightAnchor.constraint(equalToConstant: 18),
            phone.leadingAnchor.constraint(equalTo: email.leadingAnchor),
            phone.topAnchor.constraint(equalTo: email.bottomAnchor, constant: 9),
            about.ends(below: phone),
            inviteButton.widthAnchor.constraint(equalTo: logOutButton.widthAnchor),
            inviteButton.topAnchor.constraint(equalTo: logOutButton.topAnchor),
            inviteButton.trailingAnchor.constraint(equalTo: about.layoutMarginsGuide.trailingAnchor),
            inviteButton.leadingAnchor.constraint(equalTo: logOutButton.trailingAnchor, constant: 16),
            about.ends(below: logOutButton),
        ])
        // Wide: the buttons beside the email and the phone. Narrow: below everything, across.
        wide += [
            logOutButton.widthAnchor.constraint(equalToConstant: 132),
            logOutButton.bottomAnchor.constraint(equalTo: phone.bottomAnchor),
            logOutButton.leadingAnchor.constraint(greaterThanOrEqualTo: email.trailingAnchor, constant: 16),
        ]
        narrow += [
            logOutButton.leadingAnchor.constraint(equalTo: about.layoutMarginsGuide.leadingAnchor),
            logOutButton.topAnchor.constraint(greaterThanOrEqualTo: avatar.bottomAnchor, constant: 16),
            logOutButton.topAnchor.constraint(greaterThanOrEqualTo: phone.bottomAnchor, constant: 16),
        ]
        return about
    }

    /// The form: name and password, gender and birthday, two by two, each under its caption.
    private func formCard() -> Card {
        let form = Card(title: "Your profile")
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
        }
        gender.placeholder = "Choose"
        // Each control speaks for the caption above it.
        let grid: [[(Control, String)]] = [[(userName, "User name"), (password, "Password")], [(gender, "Gender"), (birthday, "Birthday")]]
        layOutTwoColumns(grid.map { $0.map { ($0.0 as View, $0.1) } }, in: form, controlHeight: 42)
        for (control, caption) in grid.joined() {
            control.accessibilityLabel = caption
            control.minimumTouchTarget = Size(width: 44, height: 44)  // drawn 42 points tall
        }
        return form
    }

    /// Skills: experience on a slider across the card, then two switches side by side.
    private func skillsCard() -> Card {
        let skills = Card(title: "Your skills")
        let experienceCaption = Style.caption("Experience", speaks: false)
        experience.accessibilityLabel = "Experience"
        experience.minimumTrackTintColor = Style.blue
        experience.maximumTrackTintColor = Style.blue.mixed(with: .white, by: 0.8)
        experience.value = 0.35
        skills.add(experienceCaption, experience)
        let margins = skills.layoutMarginsGuide
        LayoutConstraint.activate([
            experienceCaption.topAnchor.constraint(equalTo: margins.topAnchor),
            experienceCaption.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            experience.topAnchor.constraint(equalTo: experienceCaption.bottomAnchor, constant: 2),
            experience.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            experience.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            experience.heightAnchor.constraint(equalToConstant: 44),
        ])
        teamPlayer.accessibilityLabel = "Team player"
        hardWorking.accessibilityLabel = "Hard-working"
        for toggle in [teamPlayer, hardWorking] { toggle.onTintColor = Style.blue }
        hardWorking.isOn = true
        layOutTwoColumns([[(teamPlayer, "Team player"), (hardWorking, "Hard-working")]], in: skills, below: experience, controlHeight: nil)
        return skills
    }

    /// Puts `rows` of (control, caption) pairs into `card` in two columns, each control under
    /// its caption (which does not speak: the control says it), starting below `top` or at the
    /// card's top margin. A control of no `controlHeight` keeps its own size.
    private func layOutTwoColumns(_ rows: [[(View, String)]], in card: Card, below top: View? = nil, controlHeight: Double?) {
        let margins = card.layoutMarginsGuide
        var previous = top
        for row in rows {
            var lowest: View?
            for (column, (control, text)) in row.enumerated() {
                let caption = Style.caption(text, speaks: false)
                card.add(caption, control)
                let leading = column == 0 ? margins.leadingAnchor : card.centerXAnchor
                var constraints = [
                    caption.topAnchor.constraint(equalTo: previous?.bottomAnchor ?? margins.topAnchor, constant: previous == nil ? 0 : 14),
                    caption.leadingAnchor.constraint(equalTo: leading, constant: column == 0 ? 0 : 8),
                    caption.trailingAnchor.constraint(
                        lessThanOrEqualTo: column == 0 ? card.centerXAnchor : margins.trailingAnchor, constant: column == 0 ? -8 : 0),
                    control.topAnchor.constraint(equalTo: caption.bottomAnchor, constant: 4),
                    control.leadingAnchor.constraint(equalTo: caption.leadingAnchor),
                    card.ends(below: control),
                ]
                if let controlHeight {
                    constraints += [
                        control.heightAnchor.constraint(equalToConstant: controlHeight),
                        control.trailingAnchor.constraint(equalTo: column == 0 ? card.centerXAnchor : margins.trailingAnchor, constant: column == 0 ? -8 : 0),
                    ]
                }
                LayoutConstraint.activate(constraints)
                lowest = control
            }
            previous = lowest
        }
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
