import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// `HTTPTransport` over URLSession (FoundationNetworking on Linux). Redirects are returned, not followed, unless the
/// request asks for them.
public final class URLSessionHTTPTransport: HTTPTransport {
    /// The largest response body accepted.
    public let maxResponseSize: Int
    private let following: URLSession
    private let notFollowing: URLSession

    /// A transport with an ephemeral session (no cookies or cache on disk).
    public init(maxResponseSize: Int = 16 << 20) {
        self.maxResponseSize = maxResponseSize
        following = URLSession(configuration: .ephemeral)
        notFollowing = URLSession(configuration: .ephemeral, delegate: RedirectRefuser(), delegateQueue: nil)
    }

    deinit {
        following.finishTasksAndInvalidate()
        notFollowing.finishTasksAndInvalidate()
    }

    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        var r = try Self.urlRequest(for: request)
        let seconds = request.timeout.seconds
        if let body = request.body { r.httpBody = Data(body) }
        let session = request.followRedirects ? following : notFollowing
        let taskBox = URLSessionTaskBox()
        let result: Result<HTTPResponse, HTTPError> = await withTaskCancellationHandler {
            await withCheckedContinuation { (cont: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>) in
                let task = session.dataTask(with: r) { [maxResponseSize] data, response, error in
                    cont.resume(returning: Self.convert(request.url, seconds, maxResponseSize, data, response, error))
                }
                taskBox.set(task)
                task.resume()
            }
        } onCancel: {
            taskBox.cancel()
        }
        return try result.get()
    }

    /// The URLSession request for `request`'s URL (http or https only), method, timeout and headers; no body.
    static func urlRequest(for request: HTTPRequest) throws(HTTPError) -> URLRequest {
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw .invalidURL(request.url)
        }
        var r = URLRequest(url: url)
        r.httpMethod = request.method
        r.timeoutInterval = request.timeout.seconds
        for (name, value) in request.headers { r.addValue(value, forHTTPHeaderField: name) }
        return r
    }

    static func convert(_ url: String, _ seconds: Double, _ limit: Int, _ data: Data?, _ response: URLResponse?, _ error: Error?) -> Result<HTTPResponse, HTTPError> {
        if let error = error as? URLError {
            switch error.code {
            case .timedOut: return .failure(.timedOut(url: url, seconds: seconds))
            case .cancelled: return .failure(.cancelled)
            case .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed, .networkConnectionLost, .notConnectedToInternet:
                return .failure(.cannotConnect(url: url, reason: error.localizedDescription))
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
                 .serverCertificateHasUnknownRoot, .clientCertificateRejected:
                return .failure(.tls(url: url, reason: error.localizedDescription))
            default: return .failure(.failed(url: url, reason: error.localizedDescription))
            }
        }
        if let error { return .failure(.failed(url: url, reason: "\(error)")) }
        guard let http = response as? HTTPURLResponse else { return .failure(.failed(url: url, reason: "not an HTTP response")) }
        let body = data ?? Data()
        guard body.count <= limit else { return .failure(.responseTooLarge(url: url, limit: limit)) }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers.add("\(name)", "\(value)")
        }
        return .success(HTTPResponse(status: http.statusCode, headers: headers, body: [UInt8](body)))
    }
}

/// Answers every redirect with "do not follow", so the 3xx response itself comes back.
private final class RedirectRefuser: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}

