/// An `HTTPResponse` as an `Error`, so a failed check can travel in a `Result`.
struct HTTPResponseBox: Error {
    let response: HTTPResponse
    init(_ response: HTTPResponse) { self.response = response }
}
