import XCTest
import Foundation
import TestSupport
@testable import NostrCore

/// The examples of BOLT #11 ("Examples" and "Examples of Invalid Invoices"), as typed rows.
final class BOLT11Tests: XCTestCase {
    struct Valid {
        let name: String, invoice: String, network: BOLT11Invoice.Network, amountMsat: UInt64?
        let description: String?, descriptionHash: String?, expiry: UInt64, cltv: UInt64, features: [Int]
        let fallbacks: Int, routeHints: Int, paymentHash: String, recoveryID: UInt8?
    }

    static let valid: [Valid] = [
        Valid(name: "donation", invoice: "lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap9us6v52vjjsrvywa6rt52cm9r9zqt8r2t7mlcwspyetp5h2tztugp9lfyql",
              network: .bitcoin, amountMsat: nil, description: "Please consider supporting this project", descriptionHash: nil,
              expiry: 3600, cltv: 18, features: [8, 14], fallbacks: 0, routeHints: 0, paymentHash: "0001020304050607080900010203040506070809000102030405060708090102", recoveryID: 1),
        Valid(name: "coffee", invoice: "lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh",
              network: .bitcoin, amountMsat: 250_000_000, description: "1 cup coffee", descriptionHash: nil,
              expiry: 60, cltv: 18, features: [8, 14], fallbacks: 0, routeHints: 0, paymentHash: "0001020304050607080900010203040506070809000102030405060708090102", recoveryID: 1),
        Valid(name: "nonsense", invoice: "lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpquwpc4curk03c9wlrswe78q4eyqc7d8d0xqzpu9qrsgqhtjpauu9ur7fw2thcl4y9vfvh4m9wlfyz2gem29g5ghe2aak2pm3ps8fdhtceqsaagty2vph7utlgj48u0ged6a337aewvraedendscp573dxr",
              network: .bitcoin, amountMsat: 250_000_000, description: "ナンセンス 1杯", descriptionHash: nil,
              expiry: 60, cltv: 18, features: [8, 14], fallbacks: 0, routeHints: 0, paymentHash: "0001020304050607080900010203040506070809000102030405060708090102", recoveryID: 1),
        Valid(name: "hashed", invoice: "lnbc20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqs9qrsgq7ea976txfraylvgzuxs8kgcw23ezlrszfnh8r6qtfpr6cxga50aj6txm9rxrydzd06dfeawfk6swupvz4erwnyutnjq7x39ymw6j38gp7ynn44",
              network: .bitcoin, amountMsat: 2_000_000_000, description: nil, descriptionHash: "3925b6f67e2c340036ed12093dd44e0368df1b6ea26c53dbe4811f58fd5db8c1",
              expiry: 3600, cltv: 18, features: [8, 14], fallbacks: 0, routeHints: 0, paymentHash: "0001020304050607080900010203040506070809000102030405060708090102", recoveryID: 1),
        Valid(name: "testnet fallback", invoice: "lntb20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygshp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqfpp3x9et2e20v6pu37c5d9vax37wxq72un989qrsgqdj545axuxtnfemtpwkc45hx9d2ft7x04mt8q7y6t0k2dge9e7h8kpy9p34ytyslj3yu569aalz2xdk8xkd7ltxqld94u8h2esmsmacgpghe9k8",
              network: .testnet, amountMsat: 2_000_000_000, description: nil, descriptionHash: "3925b6f67e2c340036ed12093dd44e0368df1b6ea26c53dbe4811f58fd5db8c1",
              expiry: 3600, cltv: 18, features: [8, 14], fallbacks: 1, routeHints: 0, paymentHash: "0001020304050607080900010203040506070809000102030405060708090102", recoveryID: 1),
        Valid(name: "route hints", invoice: "lnbc20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqsfpp3qjmp7lwpagxun9pygexvgpjdc4jdj85fr9yq20q82gphp2nflc7jtzrcazrra7wwgzxqc8u7754cdlpfrmccae92qgzqvzq2ps8pqqqqqqpqqqqq9qqqvpeuqafqxu92d8lr6fvg0r5gv0heeeqgcrqlnm6jhphu9y00rrhy4grqszsvpcgpy9qqqqqqgqqqqq7qqzq9qrsgqdfjcdk6w3ak5pca9hwfwfh63zrrz06wwfya0ydlzpgzxkn5xagsqz7x9j4jwe7yj7vaf2k9lqsdk45kts2fd0fkr28am0u4w95tt2nsq76cqw0",
              network: .bitcoin, amountMsat: 2_000_000_000, description: nil, descriptionHash: "3925b6f67e2c340036ed12093dd44e0368df1b6ea26c53dbe4811f58fd5db8c1",
              expiry: 3600, cltv: 18, features: [8, 14], fallbacks: 1, routeHints: 1, paymentHash: "0001020304050607080900010203040506070809000102030405060708090102", recoveryID: 0),
        Valid(name: "p2sh", invoice: "lnbc20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygshp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqfppj3a24vwu6r8ejrss3axul8rxldph2q7z99qrsgqz6qsgww34xlatfj6e3sngrwfy3ytkt29d2qttr8qz2mnedfqysuqypgqex4haa2h8fx3wnypranf3pdwyluftwe680jjcfp438u82xqphf75ym",
              network: .bitcoin, amountMsat: 2_000_000_000, description: nil, descriptionHash: "3925b6f67e2c340036ed12093dd44e0368df1b6ea26c53dbe4811f58fd5db8c1",
              expiry: 3600, cltv: 18, features: [8, 14], fallbacks: 1, routeHints: 0, paymentHash: "0001020304050607080900010203040506070809000102030405060708090102", recoveryID: 1),
        Valid(name: "p2wpkh", invoice: "lnbc20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygshp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqfppqw508d6qejxtdg4y5r3zarvary0c5xw7k9qrsgqt29a0wturnys2hhxpner2e3plp6jyj8qx7548zr2z7ptgjjc7hljm98xhjym0dg52sdrvqamxdezkmqg4gdrvwwnf0kv2jdfnl4xatsqmrnsse",
              network: .bitcoin, amountMsat: 2_000_000_000, description: nil, descriptionHash: "3925b6f67e2c340036ed12093dd44e0368df1b6ea26c53dbe4811f58fd5db8c1",
              expiry: 3600, cltv: 18, features: [8, 14], fallbacks: 1, routeHints: 0, paymentHash: "0001020304050607080900010203040506070809000102030405060708090102", recoveryID: 0),
        Valid(name: "p2wsh", invoice: "lnbc20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygshp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqfp4qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q9qrsgq9vlvyj8cqvq6ggvpwd53jncp9nwc47xlrsnenq2zp70fq83qlgesn4u3uyf4tesfkkwwfg3qs54qe426hp3tz7z6sweqdjg05axsrjqp9yrrwc",
              network: .bitcoin, amountMsat: 2_000_000_000, description: nil, descriptionHash: "3925b6f67e2c340036ed12093dd44e0368df1b6ea26c53dbe4811f58fd5db8c1",
              expiry: 3600, cltv: 18, features: [8, 14], fallbacks: 1, routeHints: 0, paymentHash: "0001020304050607080900010203040506070809000102030405060708090102", recoveryID: 1),
        Valid(name: "p2tr", invoice: "lnbc20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqsfp4pptdvg0d2nj99568qn6ssdy4cygnwuxgw2ukmnwgwz7jpqjz2kszs9qrsgqy606dznq28exnydt2r4c29y56xjtn3sk4mhgjtl4pg2y4ar3249rq4ajlmj9jy8zvlzw7cr8mggqzm842xfr0v72rswzq9xvr4hknfsqwmn6xd",
              network: .bitcoin, amountMsat: 2_000_000_000, description: nil, descriptionHash: "3925b6f67e2c340036ed12093dd44e0368df1b6ea26c53dbe4811f58fd5db8c1",
              expiry: 3600, cltv: 18, features: [8, 14], fallbacks: 1, routeHints: 0, paymentHash: "0001020304050607080900010203040506070809000102030405060708090102", recoveryID: 0),
        Valid(name: "pico", invoice: "lnbc9678785340p1pwmna7lpp5gc3xfm08u9qy06djf8dfflhugl6p7lgza6dsjxq454gxhj9t7a0sd8dgfkx7cmtwd68yetpd5s9xar0wfjn5gpc8qhrsdfq24f5ggrxdaezqsnvda3kkum5wfjkzmfqf3jkgem9wgsyuctwdus9xgrcyqcjcgpzgfskx6eqf9hzqnteypzxz7fzypfhg6trddjhygrcyqezcgpzfysywmm5ypxxjemgw3hxjmn8yptk7untd9hxwg3q2d6xjcmtv4ezq7pqxgsxzmnyyqcjqmt0wfjjq6t5v4khxsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygsxqyjw5qcqp2rzjq0gxwkzc8w6323m55m4jyxcjwmy7stt9hwkwe2qxmy8zpsgg7jcuwz87fcqqeuqqqyqqqqlgqqqqn3qq9q9qrsgqrvgkpnmps664wgkp43l22qsgdw4ve24aca4nymnxddlnp8vh9v2sdxlu5ywdxefsfvm0fq3sesf08uf6q9a2ke0hc9j6z6wlxg5z5kqpu2v9wz",
              network: .bitcoin, amountMsat: 967_878_534, description: "Blockstream Store: 88.85 USD for Blockstream Ledger Nano S x 1, \"Back In My Day\" Sticker x 2, \"I Got Lightning Working\" Sticker x 2 and 1 more items", descriptionHash: nil,
              expiry: 604800, cltv: 10, features: [8, 14], fallbacks: 0, routeHints: 1, paymentHash: "462264ede7e14047e9b249da94fefc47f41f7d02ee9b091815a5506bc8abf75f", recoveryID: nil),
        Valid(name: "features 8 14 99", invoice: "lnbc25m1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5vdhkven9v5sxyetpdeessp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9q5sqqqqqqqqqqqqqqqqsgq2a25dxl5hrntdtn6zvydt7d66hyzsyhqs4wdynavys42xgl6sgx9c4g7me86a27t07mdtfry458rtjr0v92cnmswpsjscgt2vcse3sgpz3uapa",
              network: .bitcoin, amountMsat: 2_500_000_000, description: "coffee beans", descriptionHash: nil,
              expiry: 3600, cltv: 18, features: [8, 14, 99], fallbacks: 0, routeHints: 0, paymentHash: "0001020304050607080900010203040506070809000102030405060708090102", recoveryID: nil),
        Valid(name: "upper case", invoice: "LNBC25M1PVJLUEZPP5QQQSYQCYQ5RQWZQFQQQSYQCYQ5RQWZQFQQQSYQCYQ5RQWZQFQYPQDQ5VDHKVEN9V5SXYETPDEESSP5ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYGS9Q5SQQQQQQQQQQQQQQQQSGQ2A25DXL5HRNTDTN6ZVYDT7D66HYZSYHQS4WDYNAVYS42XGL6SGX9C4G7ME86A27T07MDTFRY458RTJR0V92CNMSWPSJSCGT2VCSE3SGPZ3UAPA",
              network: .bitcoin, amountMsat: 2_500_000_000, description: "coffee beans", descriptionHash: nil,
              expiry: 3600, cltv: 18, features: [8, 14, 99], fallbacks: 0, routeHints: 0, paymentHash: "0001020304050607080900010203040506070809000102030405060708090102", recoveryID: nil),
        Valid(name: "ignored fields", invoice: "lnbc25m1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5vdhkven9v5sxyetpdeessp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9q5sqqqqqqqqqqqqqqqqsgq2qrqqqfppnqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqppnqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqpp4qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqhpnqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqhp4qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqspnqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqsp4qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnp5qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnpkqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqz599y53s3ujmcfjp5xrdap68qxymkqphwsexhmhr8wdz5usdzkzrse33chw6dlp3jhuhge9ley7j2ayx36kawe7kmgg8sv5ugdyusdcqzn8z9x",
              network: .bitcoin, amountMsat: 2_500_000_000, description: "coffee beans", descriptionHash: nil,
              expiry: 3600, cltv: 18, features: [8, 14, 99], fallbacks: 0, routeHints: 0, paymentHash: "0001020304050607080900010203040506070809000102030405060708090102", recoveryID: nil),
        Valid(name: "metadata", invoice: "lnbc10m1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdp9wpshjmt9de6zqmt9w3skgct5vysxjmnnd9jx2mq8q8a04uqsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9q2gqqqqqqsgq7hf8he7ecf7n4ffphs6awl9t6676rrclv9ckg3d3ncn7fct63p6s365duk5wrk202cfy3aj5xnnp5gs3vrdvruverwwq7yzhkf5a3xqpd05wjc",
              network: .bitcoin, amountMsat: 1_000_000_000, description: "payment metadata inside", descriptionHash: nil,
              expiry: 3600, cltv: 18, features: [8, 14, 48], fallbacks: 0, routeHints: 0, paymentHash: "0001020304050607080900010203040506070809000102030405060708090102", recoveryID: nil),
        Valid(name: "high-S recovery", invoice: "lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap2r09nt4ndd0unm3z9u5t48y6ucv4r5sg7lk98c77ctvjczkspk5qprc90gx",
              network: .bitcoin, amountMsat: nil, description: "Please consider supporting this project", descriptionHash: nil,
              expiry: 3600, cltv: 18, features: [8, 14], fallbacks: 0, routeHints: 0, paymentHash: "0001020304050607080900010203040506070809000102030405060708090102", recoveryID: 1),
    ]

    /// Invalid invoices and the error each must raise (nil: any error).
    static let invalid: [(name: String, invoice: String, error: BOLT11Error?)] = [
        ("unknown feature 100", "lnbc25m1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5vdhkven9v5sxyetpdeessp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9q4psqqqqqqqqqqqqqqqqsgqtqyx5vggfcsll4wu246hz02kp85x4katwsk9639we5n5yngc3yhqkm35jnjw4len8vrnqnf5ejh0mzj9n3vz2px97evektfm2l6wqccp3y7372", .unknownRequiredFeature(100)),
        ("bad checksum", "lnbc2500u1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpquwpc4curk03c9wlrswe78q4eyqc7d8d0xqzpuyk0sg5g70me25alkluzd2x62aysf2pyy8edtjeevuv4p2d5p76r4zkmneet7uvyakky2zr4cusd45tftc9c5fh0nnqpnl2jfll544esqchsrnt", .bech32(.badChecksum)),
        ("no separator", "pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpquwpc4curk03c9wlrswe78q4eyqc7d8d0xqzpuyk0sg5g70me25alkluzd2x62aysf2pyy8edtjeevuv4p2d5p76r4zkmneet7uvyakky2zr4cusd45tftc9c5fh0nnqpnl2jfll544esqchsrny", .bech32(.missingSeparator)),
        ("mixed case", "LNBC2500u1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpquwpc4curk03c9wlrswe78q4eyqc7d8d0xqzpuyk0sg5g70me25alkluzd2x62aysf2pyy8edtjeevuv4p2d5p76r4zkmneet7uvyakky2zr4cusd45tftc9c5fh0nnqpnl2jfll544esqchsrny", .bech32(.mixedCase)),
        ("too short", "lnbc1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6na6hlh", nil),
        ("invalid multiplier", "lnbc2500x1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpusp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9qrsgqrrzc4cvfue4zp3hggxp47ag7xnrlr8vgcmkjxk3j5jqethnumgkpqp23z9jclu3v0a7e0aruz366e9wqdykw6dxhdzcjjhldxq0w6wgqcnu43j", .invalidAmount("2500x")),
        ("sub-msat", "lnbc2500000001p1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpusp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9qrsgq0lzc236j96a95uv0m3umg28gclm5lqxtqqwk32uuk4k6673k6n5kfvx3d2h8s295fad45fdhmusm8sjudfhlf6dcsxmfvkeywmjdkxcp99202x", .subMillisatoshiAmount("2500000001p")),
        ("missing s", "lnbc20m1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqs9qrsgq7ea976txfraylvgzuxs8kgcw23ezlrszfnh8r6qtfpr6cxga50aj6txm9rxrydzd06dfeawfk6swupvz4erwnyutnjq7x39ymw6j38gp49qdkj", .missingPaymentSecret),
        ("high-S with n", "lnbc25m1p70xwfzpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaqnp4q0n326hr8v9zprg8gsvezcch06gfaqqhde2aj730yg0durunfhv66sp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9qrsgqsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygsp5cfzp9ugllvk03rltd6hvndxj26ux6gcxc5azyxk060rj9tzghct5zvjlps76gx8wpq5yuu79688k8gnm2c0al6v608s96l0xzrrlqqwnzxmu", .highSSignature),
    ]

    func testSpecExamplesDecode() throws {
        for v in Self.valid {
            let inv: BOLT11Invoice
            do { inv = try BOLT11Invoice(v.invoice) } catch { XCTFail("\(v.name): \(error)"); continue }
            XCTAssertEqual(inv.network, v.network, v.name)
            XCTAssertEqual(inv.amountMsat, v.amountMsat, v.name)
            XCTAssertEqual(inv.timestamp, v.name == "pico" ? 1572468703 : 1496314658, v.name)
            XCTAssertEqual(inv.description, v.description, v.name)
            XCTAssertEqual(inv.descriptionHash.map { Hex.encode($0) }, v.descriptionHash, v.name)
            XCTAssertEqual(inv.expiry, v.expiry, v.name)
            XCTAssertEqual(inv.minFinalCLTVExpiry, v.cltv, v.name)
            XCTAssertEqual(inv.features, v.features, v.name)
            XCTAssertEqual(inv.fallbacks.count, v.fallbacks, v.name)
            XCTAssertEqual(inv.routeHints.count, v.routeHints, v.name)
            XCTAssertEqual(inv.paymentHash.map { Hex.encode($0) }, v.paymentHash, v.name)
            XCTAssertEqual(inv.paymentSecret.map { Hex.encode($0) }, String(repeating: "11", count: 32), v.name)
            XCTAssertEqual(inv.signature.count, 64, v.name)
            if let rec = v.recoveryID { XCTAssertEqual(inv.recoveryID, rec, v.name) }
            XCTAssertEqual(inv.expiresAt, inv.timestamp + v.expiry, v.name)
        }
    }

    func testSignedHashMatchesSpecBreakdown() throws {
        let inv = try BOLT11Invoice(Self.valid[0].invoice)
        XCTAssertEqual(Hex.encode(inv.signedHash), "6daf4d488be41ce7cbb487cab1ef2975e5efcea879b20d421f0ef86b07cbb987")
        XCTAssertEqual(Hex.encode(inv.signature),
                       "8d3ce9e28357337f62da0162d9454df827f83cfe499aeb1c1db349d4d81127425e434ca29929406c23bba1ae8ac6ca32880b38d4bf6ff874024cac34ba9625f1")
    }

    func testRouteHintFields() throws {
        let inv = try BOLT11Invoice(Self.valid[5].invoice)
        let hops = try XCTUnwrap(inv.routeHints.first)
        XCTAssertEqual(hops.count, 2)
        XCTAssertEqual(Hex.encode(hops[0].pubkey), "029e03a901b85534ff1e92c43c74431f7ce72046060fcf7a95c37e148f78c77255")
        XCTAssertEqual(hops[0].shortChannelID, 66051 << 40 | 263430 << 16 | 1800)
        XCTAssertEqual(hops[0].feeBaseMsat, 1)
        XCTAssertEqual(hops[0].feeProportionalMillionths, 20)
        XCTAssertEqual(hops[0].cltvExpiryDelta, 3)
        XCTAssertEqual(hops[1].feeBaseMsat, 2)
        XCTAssertEqual(hops[1].cltvExpiryDelta, 4)
        XCTAssertEqual(inv.fallbacks.first?.version, 17)
    }

    func testMetadataAndLightningPrefix() throws {
        let inv = try BOLT11Invoice("lightning:" + Self.valid[14].invoice)
        XCTAssertEqual(inv.metadata, [0x01, 0xfa, 0xfa, 0xf0])
        XCTAssertEqual(inv.string, Self.valid[14].invoice)
    }

    func testInvalidExamplesFail() {
        for v in Self.invalid {
            do {
                _ = try BOLT11Invoice(v.invoice)
                XCTFail("\(v.name): decoded")
            } catch {
                if let expected = v.error { XCTAssertEqual(error, expected, v.name) }
            }
        }
    }

    func testAmounts() throws {
        let cases: [(String, UInt64)] = [("1", 100_000_000_000), ("10m", 1_000_000_000), ("2500u", 250_000_000),
                                         ("10n", 1000), ("10p", 1), ("9678785340p", 967_878_534)]
        for (text, msat) in cases {
            XCTAssertEqual(try BOLT11Invoice.parseHRP("lnbc" + text).1, msat, text)
        }
        XCTAssertEqual(try BOLT11Invoice.parseHRP("lnbcrt5u").0, .regtest)
        XCTAssertEqual(try BOLT11Invoice.parseHRP("lntbs1m").0, .signet)
        XCTAssertThrowsError(try BOLT11Invoice.parseHRP("lnxx1m"))
        XCTAssertThrowsError(try BOLT11Invoice.parseHRP("lnbc1p"))
        XCTAssertThrowsError(try BOLT11Invoice.parseHRP("lnbc99999999999999999999m"))
    }

    func testPayeeSignature() throws {
        // Without `n` the payee would have to be recovered, which is out of scope: nil, not false.
        XCTAssertNil(try BOLT11Invoice(Self.valid[0].invoice).isPayeeSignatureValid)
    }

    func testExpiry() throws {
        let inv = try BOLT11Invoice(Self.valid[1].invoice)
        XCTAssertFalse(inv.isExpired(now: 1496314658 + 59))
        XCTAssertTrue(inv.isExpired(now: 1496314658 + 60))
    }
}

/// Every `bolt11` tag of the corpus's real zap receipts decodes to the independently checked values.
final class BOLT11CorpusTests: XCTestCase {
    func testZapReceiptInvoices() throws {
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Corpus.data("nip57/nip57.zaps.fixtures.json")) as? [String: Any])
        let receipts = try XCTUnwrap(root["receipts"] as? [[String: Any]])
        XCTAssertEqual(receipts.count, 178)
        var payeeSigned = 0
        for (i, r) in receipts.enumerated() {
            let event = try XCTUnwrap(r["receipt"] as? [String: Any])
            let checks = try XCTUnwrap(r["checks"] as? [String: Any])
            let tags = try XCTUnwrap(event["tags"] as? [[String]])
            let id = event["id"] as? String ?? "#\(i)"
            guard let bolt11 = tags.first(where: { $0.first == "bolt11" })?.last else { continue }
            let paymentHash = checks["bolt11_payment_hash"] as? String ?? ""
            do {
                // Six real receipts carry invoices without a payment hash: only a lenient decode reads them.
                let inv = try BOLT11Invoice(bolt11, strict: !paymentHash.isEmpty)
                XCTAssertEqual(inv.amountMsat, (checks["bolt11_amount_msat"] as? NSNumber)?.uint64Value, id)
                XCTAssertEqual(inv.descriptionHash.map { Hex.encode($0) }, checks["bolt11_description_hash"] as? String, id)
                XCTAssertEqual(inv.paymentHash.map { Hex.encode($0) } ?? "", paymentHash, id)
                if inv.payee != nil { payeeSigned += 1; XCTAssertEqual(inv.isPayeeSignatureValid, true, id) }
                if paymentHash.isEmpty {
                    XCTAssertThrowsError(try BOLT11Invoice(bolt11), id)
                }
            } catch {
                XCTFail("receipt \(id): \(error)")
            }
        }
        // One real invoice names its payee (`n`); its ECDSA signature must verify under that key.
        XCTAssertEqual(payeeSigned, 1)
    }
}
