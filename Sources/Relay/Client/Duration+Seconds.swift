extension Duration {
    /// The duration in seconds (timeouts in messages, URLSession intervals, backoff arithmetic).
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
