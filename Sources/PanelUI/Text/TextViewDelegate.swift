/// What a text view asks of and tells its delegate: UIKit's `UITextViewDelegate`. Every method
/// has a default.
@MainActor
public protocol TextViewDelegate: AnyObject {
    /// Whether editing may begin. Default true.
    func textViewShouldBeginEditing(_ textView: TextView) -> Bool
    /// Editing began (the view is first responder).
    func textViewDidBeginEditing(_ textView: TextView)
    /// Whether the user's edit may replace `range` of the text with `text` ("" deletes).
    /// Default true.
    func textView(_ textView: TextView, shouldChangeTextIn range: Range<String.Index>, replacementText text: String) -> Bool
    /// The user changed the text.
    func textViewDidChange(_ textView: TextView)
    /// The caret moved or the selection changed.
    func textViewDidChangeSelection(_ textView: TextView)
    /// Whether editing may end. Default true.
    func textViewShouldEndEditing(_ textView: TextView) -> Bool
    /// Editing ended.
    func textViewDidEndEditing(_ textView: TextView)
}

extension TextViewDelegate {
    /// Default: true.
    public func textViewShouldBeginEditing(_ textView: TextView) -> Bool { true }
    /// Default: nothing.
    public func textViewDidBeginEditing(_ textView: TextView) {}
    /// Default: true.
    public func textView(_ textView: TextView, shouldChangeTextIn range: Range<String.Index>, replacementText text: String) -> Bool { true }
    /// Default: nothing.
    public func textViewDidChange(_ textView: TextView) {}
    /// Default: nothing.
    public func textViewDidChangeSelection(_ textView: TextView) {}
    /// Default: true.
    public func textViewShouldEndEditing(_ textView: TextView) -> Bool { true }
    /// Default: nothing.
    public func textViewDidEndEditing(_ textView: TextView) {}
}
