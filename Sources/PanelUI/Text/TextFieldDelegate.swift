/// What a text field asks and tells its delegate: UIKit's `UITextFieldDelegate`. Every method
/// has a default (allow, do nothing).
@MainActor
public protocol TextFieldDelegate: AnyObject {
    /// Whether the field may become first responder and start editing.
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    /// Editing began (the field is first responder).
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Whether the characters in `range` of the text may be replaced by `string` (typing
    /// inserts with an empty range at the end; deleting replaces the last character by "").
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>, replacementString string: String) -> Bool
    /// The return key was pressed: return true to end editing (the field sends
    /// `editingDidEndOnExit` and resigns), false to keep it.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
    /// Whether the clear button may empty the field.
    func textFieldShouldClear(_ textField: TextField) -> Bool
    /// Whether editing may end (the field may resign).
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool
    /// Editing ended.
    func textFieldDidEndEditing(_ textField: TextField)
}

extension TextFieldDelegate {
    /// Default: editing may begin.
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    /// Default: nothing.
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    /// Default: every change is allowed.
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>, replacementString string: String) -> Bool {
        true
    }
    /// Default: the return key is handled as usual.
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
    /// Default: the clear button clears.
    public func textFieldShouldClear(_ textField: TextField) -> Bool { true }
    /// Default: editing may end.
    public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
    /// Default: nothing.
    public func textFieldDidEndEditing(_ textField: TextField) {}
}
