import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// `HTTPFileTransport` over URLSession: plain requests go through a `URLSessionHTTPTransport`, file uploads through an
/// upload task that streams the file and reports progress. Redirects of an upload are returned, not followed.
public final class URLSessionFileTransport: HTTPFileTransport {
    private let base: URLSessionHTTPTransport
    private let delegate: UploadDelegate
    private let session: URLSession

    /// A transport accepting responses up to `maxResponseSize` bytes.
    public init(maxResponseSize: Int = 16 << 20) {
        base = URLSessionHTTPTransport(maxResponseSize: maxResponseSize)
        delegate = UploadDelegate(limit: maxResponseSize)
        session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse { try await base.send(request) }

    public func upload(_ request: HTTPRequest, fromFile path: String, progress: UploadProgress?) async throws(HTTPError) -> HTTPResponse {
        let r = try URLSessionHTTPTransport.urlRequest(for: request)
        let seconds = request.timeout.seconds
        let session = self.session, delegate = self.delegate
        let box = URLSessionTaskBox()
        let result: Result<HTTPResponse, HTTPError> = await withTaskCancellationHandler {
            await withCheckedContinuation { (cont: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>) in
                let task = session.uploadTask(with: r, fromFile: URL(fileURLWithPath: path))
                delegate.register(task.taskIdentifier, UploadDelegate.Pending(url: request.url, seconds: seconds, progress: progress,
                                                                              continuation: cont))
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
        return try result.get()
    }
}

/// Collects each upload's response and forwards its progress; one instance serves every task of the session.
private final class UploadDelegate: NSObject, URLSessionDataDelegate, Sendable {
    struct Pending: Sendable {
        let url: String
        let seconds: Double
        let progress: UploadProgress?
        let continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>
        var data = Data()
        var tooLarge = false
    }

    private let limit: Int
    private let pending = Mutex<[Int: Pending]>([:])

    init(limit: Int) { self.limit = limit }

    func register(_ id: Int, _ p: Pending) { pending.withLock { $0[id] = p } }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
                    totalBytesExpectedToSend: Int64) {
        let progress = pending.withLock { $0[task.taskIdentifier]?.progress }
        progress?(totalBytesSent, totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let limit = self.limit
        pending.withLock { all in
            guard var p = all[dataTask.taskIdentifier], !p.tooLarge else { return }
            if p.data.count + data.count > limit { p.tooLarge = true; p.data = Data() } else { p.data.append(data) }
            all[dataTask.taskIdentifier] = p
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let p = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if p.tooLarge, error == nil {
            p.continuation.resume(returning: .failure(.responseTooLarge(url: p.url, limit: limit)))
            return
        }
        p.continuation.resume(returning: URLSessionHTTPTransport.convert(p.url, p.seconds, limit, p.data, task.response, error))
    }
}

