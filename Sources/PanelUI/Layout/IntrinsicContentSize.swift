/// The natural sizes of views, for layout (UIKit's `intrinsicContentSize`): what a view needs
/// for its content, or ``View/noIntrinsicMetric`` along an axis where it has no preference.
extension View {
    /// "No preference" along an axis (UIKit's `UIView.noIntrinsicMetric`).
    public static let noIntrinsicMetric = -1.0

    /// Tells the layout that ``intrinsicContentSize`` changed: the superview lays out again
    /// (a ``StackView`` re-arranges).
    public func invalidateIntrinsicContentSize() {
        superview?.setNeedsLayout()
        // A stack's own size is its arranged views': it changes with theirs.
        if let stack = superview as? StackView, stack.arrangedSubviews.contains(where: { $0 === self }) {
            stack.arrangementChanged()
        }
        // Constraints see the new size through the view's hugging and compression resistance.
        if let node = autoLayout?.node { node.engine?.intrinsicChanged(self, node, prioritiesChanged: false) }
    }
}
