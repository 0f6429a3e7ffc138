import XCTest
import NostrCore

final class LNURLTests: XCTestCase {
    /// (bech32, URL) pairs from NIP-57's zap request example and LUD-01.
    static let pairs: [(lnurl: String, url: String)] = [
        ("lnurl1dp68gurn8ghj7um5v93kketj9ehx2amn9uh8wetvdskkkmn0wahz7mrww4excup0dajx2mrv92x9xp",
         "https://stacker.news/.well-known/lnurlp/odell"),
        ("LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS",
         "https://service.com/api?q=3fc3645b439ce8e7f2553a69e5267081d96dcd340693afabe04be7b0ccd178df"),
    ]

    func testDecodeAndEncode() throws {
        for p in Self.pairs {
            XCTAssertEqual(try LNURL.decode(p.lnurl), p.url, p.lnurl)
            XCTAssertEqual(try LNURL.decode("lightning:" + p.lnurl), p.url, p.lnurl)
            XCTAssertEqual(LNURL.encode(p.url), p.lnurl.lowercased(), p.url)
        }
    }

    func testDecodeRejects() {
        XCTAssertThrowsError(try LNURL.decode("npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m"))
        XCTAssertThrowsError(try LNURL.decode("lnurl1dp68gurn8ghj7um5v93kketj9ehx2amn9uh8wetvdskkkmn0wahz7mrww4excup0dajx2mrv92x9xq"))
        XCTAssertThrowsError(try LNURL.decode("https://example.com"))
    }

    func testLightningAddress() throws {
        XCTAssertEqual(try LNURL.url(forLightningAddress: "odell@stacker.news"), "https://stacker.news/.well-known/lnurlp/odell")
        XCTAssertEqual(try LightningAddress("odell@stacker.news").lnurl, Self.pairs[0].lnurl)
        XCTAssertEqual(try LNURL.url(forLightningAddress: "Tip+Jar@LocalHost:3000"), "http://localhost:3000/.well-known/lnurlp/tip+jar")
        XCTAssertEqual(try LNURL.url(forLightningAddress: "bob@127.0.0.1"), "http://127.0.0.1/.well-known/lnurlp/bob")
        for bad in ["stacker.news", "a@b", "a b@c.com", "@c.com", "x@y@z.com"] {
            XCTAssertThrowsError(try LightningAddress(bad), bad)
        }
    }

    func testPayURLForAnyInput() throws {
        let url = "https://stacker.news/.well-known/lnurlp/odell"
        for input in ["odell@stacker.news", Self.pairs[0].lnurl, "lightning:" + Self.pairs[0].lnurl.uppercased(),
                      "lnurlp://stacker.news/.well-known/lnurlp/odell", url] {
            XCTAssertEqual(try LNURL.payURL(for: input), url, input)
        }
        XCTAssertEqual(try LNURL.payURL(for: "lnurlp://abc.onion/pay"), "http://abc.onion/pay")
        XCTAssertThrowsError(try LNURL.payURL(for: "hello"))
    }

    func testCallbackURL() {
        let zap = #"{"kind":9734,"content":"gm & thanks","tags":[["p","ab"]]}"#
        let url = LNURL.callbackURL("https://pay.example.com/cb", amountMsat: 21000, zapRequestJSON: zap, lnurl: "lnurl1xyz")
        XCTAssertEqual(url, "https://pay.example.com/cb?amount=21000&nostr=%7B%22kind%22%3A9734%2C%22content%22%3A%22gm%20%26%20thanks%22%2C%22tags%22%3A%5B%5B%22p%22%2C%22ab%22%5D%5D%7D&lnurl=lnurl1xyz")
        XCTAssertEqual(LNURL.callbackURL("https://x.com/cb?token=1", amountMsat: 5), "https://x.com/cb?token=1&amount=5")
        XCTAssertEqual(PercentEncoding.decode("%7B%22a%22%3A%22%C3%A9%20%2B%22%7D"), #"{"a":"é +"}"#)
        XCTAssertNil(PercentEncoding.decode("%zz"))
    }

    static let payJSON = #"""
    {"callback":"https://example.com/lnurlp/alice/callback","maxSendable":100000000,"minSendable":1000,
     "metadata":"[[\"text/plain\",\"Pay alice\"]]","tag":"payRequest","commentAllowed":32,
     "allowsNostr":true,"nostrPubkey":"9630f464cca6a5147aa8a35f0bcdd3ce485324e732fd39e09233b1d848238f31"}
    """#

    func testPayResponse() throws {
        let pay = try PayResponse(json: Self.payJSON)
        XCTAssertEqual(pay.callback, "https://example.com/lnurlp/alice/callback")
        XCTAssertEqual(pay.minSendable, 1000)
        XCTAssertEqual(pay.maxSendable, 100_000_000)
        XCTAssertEqual(pay.metadata, #"[["text/plain","Pay alice"]]"#)
        XCTAssertEqual(pay.commentAllowed, 32)
        XCTAssertTrue(pay.supportsZaps)
        XCTAssertEqual(pay.nostrPubkey?.hex, "9630f464cca6a5147aa8a35f0bcdd3ce485324e732fd39e09233b1d848238f31")
        XCTAssertThrowsError(try pay.check(amountMsat: 999)) {
            XCTAssertEqual($0 as? LNURLError, .amountOutOfRange(amountMsat: 999, min: 1000, max: 100_000_000))
        }
        XCTAssertEqual(try pay.invoiceURL(amountMsat: 2000, comment: "hi"), "https://example.com/lnurlp/alice/callback?amount=2000&comment=hi")
    }

    func testPayResponseFailures() {
        XCTAssertThrowsError(try PayResponse(json: #"{"status":"ERROR","reason":"no such user"}"#)) {
            XCTAssertEqual($0 as? LNURLError, .serviceError(reason: "no such user"))
        }
        XCTAssertThrowsError(try PayResponse(json: #"{"tag":"withdrawRequest","callback":"x"}"#)) {
            XCTAssertEqual($0 as? LNURLError, .notPayRequest(tag: "withdrawRequest"))
        }
        XCTAssertThrowsError(try PayResponse(json: #"{"tag":"payRequest","minSendable":1,"maxSendable":2}"#))
        let noZaps = try? PayResponse(json: #"{"tag":"payRequest","callback":"https://x.com/cb","minSendable":1,"maxSendable":2,"allowsNostr":true,"nostrPubkey":"zz"}"#)
        XCTAssertEqual(noZaps?.supportsZaps, false)
    }

    func testInvoiceResponse() throws {
        let pr = "lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh"
        let response = try InvoiceResponse(json: #"{"pr":"\#(pr)","routes":[]}"#)
        XCTAssertEqual(response.pr, pr)
        XCTAssertNoThrow(try response.check(amountMsat: 250_000_000))
        XCTAssertThrowsError(try response.check(amountMsat: 1000))
        XCTAssertThrowsError(try response.check(amountMsat: 250_000_000, zapRequestJSON: "{}"))
        XCTAssertThrowsError(try response.check(amountMsat: 250_000_000, metadata: "[]"))
        XCTAssertThrowsError(try InvoiceResponse(json: #"{"status":"ERROR","reason":"amount too low"}"#)) {
            XCTAssertEqual($0 as? LNURLError, .serviceError(reason: "amount too low"))
        }
        XCTAssertThrowsError(try InvoiceResponse(json: #"{"pr":"lnbc1garbage"}"#))
        // BOLT-11's hashed-description example commits to this text, as a LUD-06 invoice commits to metadata.
        let hashed = "lnbc20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqs9qrsgq7ea976txfraylvgzuxs8kgcw23ezlrszfnh8r6qtfpr6cxga50aj6txm9rxrydzd06dfeawfk6swupvz4erwnyutnjq7x39ymw6j38gp7ynn44"
        let text = "One piece of chocolate cake, one icecream cone, one pickle, one slice of swiss cheese, one slice of salami, one lollypop, one piece of cherry pie, one sausage, one cupcake, and one slice of watermelon"
        XCTAssertNoThrow(try InvoiceResponse(json: #"{"pr":"\#(hashed)"}"#).check(amountMsat: 2_000_000_000, metadata: text))
    }
}
