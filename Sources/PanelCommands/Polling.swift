#if os(Linux)
import PanelKit
import Glibc

/// Waits until `fd` is readable or `milliseconds` pass (-1: forever).
func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
    var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while true {
        let n = poll(&p, 1, milliseconds)
        if n < 0 && errno == EINTR { continue }
        return n > 0
    }
}
#endif
