/// Bytes sent so far and the total, for a progress bar.
public typealias UploadProgress = @Sendable (_ sent: Int64, _ total: Int64) -> Void

/// An `HTTPTransport` that can also send a request body straight from a file, so a large upload never sits in memory.
public protocol HTTPFileTransport: HTTPTransport {
    /// Sends `request` with the contents of `path` as its body; `progress` is called as bytes go out.
    func upload(_ request: HTTPRequest, fromFile path: String, progress: UploadProgress?) async throws(HTTPError) -> HTTPResponse
}
