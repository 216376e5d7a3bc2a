/// The images decoded in the background for image views: the last decode's id, and how many
/// are under way. One value on ``Application``, read and changed by ImageDecoding.swift.
struct ImageLoadState {
    var lastLoad: UInt64 = 0
    var underWay = 0
}
