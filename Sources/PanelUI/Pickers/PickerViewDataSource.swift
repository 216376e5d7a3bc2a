/// What a picker shows: its components (wheels) and how many rows each has. UIKit's
/// `UIPickerViewDataSource`.
@MainActor
public protocol PickerViewDataSource: AnyObject {
    /// How many wheels, side by side.
    func numberOfComponents(in pickerView: PickerView) -> Int
    /// How many rows `component` has (0 is allowed: the wheel is empty and selects nothing).
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int
}

/// What a picker asks of and tells its delegate: UIKit's `UIPickerViewDelegate`. Every method
/// has a default.
@MainActor
public protocol PickerViewDelegate: AnyObject {
    /// The title of `row` in `component`. Default: none (an empty row).
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String?
    /// `component`'s width. Default: the picker's width shared equally.
    func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double?
    /// `component`'s rows' height. Default ``PickerView/defaultRowHeight``.
    func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> Double
    /// A wheel came to rest on a new row (after a flick, a drag, a tap on a row or a key; not
    /// after ``PickerView/selectRow(_:inComponent:animated:)``).
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int)
}

extension PickerViewDelegate {
    /// Default: none.
    public func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? { nil }
    /// Default: the width shared equally.
    public func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double? { nil }
    /// Default: ``PickerView/defaultRowHeight``.
    public func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> Double { PickerView.defaultRowHeight }
    /// Default: nothing.
    public func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {}
}
