extension Window {
    /// How long the keyboard takes to slide in or out.
    static let keyboardAnimationDuration = 0.25

    /// Shows the on-screen keyboard for a first responder that takes text, hides it otherwise.
    func updateKeyboard() {
        if let input = firstResponder as? KeyInput, showsOnScreenKeyboard {
            showKeyboard(for: input)
        } else {
            hideKeyboard()
        }
    }

    private func showKeyboard(for input: KeyInput) {
        let height = Keyboard.height(inWindowOfHeight: bounds.height)
        let target = Rect(x: bounds.minX, y: bounds.maxY - height, width: bounds.width, height: height)
        let board = keyboard ?? Keyboard()
        keyboard = board
        if board.superview !== self {
            board.frame = Rect(x: target.minX, y: bounds.maxY, width: target.width, height: height)
            addSubview(board)
            board.layoutIfNeeded()
        } else {
            bringSubviewToFront(board)
        }
        board.configure(for: input)
        guard keyboardFrame != target else { return }
        keyboardFrame = target
        keyboardWillChangeFrame(target)
        View.animate(withDuration: Self.keyboardAnimationDuration, options: .curveEaseOut) { board.frame = target }
    }

    private func hideKeyboard() {
        guard let board = keyboard, keyboardFrame != nil else { return }
        keyboardFrame = nil
        keyboardWillChangeFrame(nil)
        View.animate(
            withDuration: Self.keyboardAnimationDuration, options: .curveEaseIn,
            animations: { board.frame.origin.y = self.bounds.maxY },
            completion: { [weak self] _ in
                // Still down (not brought back up meanwhile): out of the tree.
                if self?.keyboardFrame == nil { board.removeFromSuperview() }
            })
    }

    /// Tells the root view controller and every controller presented above it.
    private func keyboardWillChangeFrame(_ frame: Rect?) {
        var controller = rootViewController
        while let current = controller {
            current.keyboardWillChangeFrame(frame)
            controller = current.presentedViewController
        }
    }
}
