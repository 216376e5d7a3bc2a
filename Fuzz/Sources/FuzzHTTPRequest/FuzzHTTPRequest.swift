// Requests to the metrics endpoint and the diagnostics socket: any bytes as a request's head.
// Invariants: parsing either refuses it with a typed problem or yields GET/HEAD of a path that
// starts with "/" and holds printable ASCII without its query; nothing traps.
import FuzzSupport

@testable import PanelLinux

/// SwiftPM's entry point for this executable: libFuzzer's driver on ``fuzzHTTPRequest``.
@_cdecl("FuzzHTTPRequest_main")
public func fuzzHTTPRequestMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzHTTPRequest(data, size) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch HTTPRequestLine.parse(bytes) {
    case .failure:
        break
    case .success(let request):
        precondition(request.path.hasPrefix("/"), "path \(request.path)")
        precondition(request.path.utf8.allSatisfy { $0 > 32 && $0 < 127 }, "path \(request.path)")
        precondition(!request.path.contains("?"), "query kept in \(request.path)")
        precondition(bytes.starts(with: Array((request.isHead ? "HEAD " : "GET ").utf8)), "method")
    }
    return 0
}
