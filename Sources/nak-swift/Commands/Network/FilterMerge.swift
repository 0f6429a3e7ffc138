import NostrCore

extension Filter {
    /// This filter (read from stdin) with the flags' filter applied on top, as nak does: lists and tag values
    /// are extended, `since`/`until`/`limit`/`search` replaced when the flag is given.
    func applying(_ flags: Filter) -> Filter {
        var f = self
        if let ids = flags.ids { f.ids = (f.ids ?? []) + ids }
        if let authors = flags.authors { f.authors = (f.authors ?? []) + authors }
        if let kinds = flags.kinds { f.kinds = (f.kinds ?? []) + kinds }
        for (name, values) in flags.tags { f.tags[name, default: []] += values }
        if let since = flags.since { f.since = since }
        if let until = flags.until { f.until = until }
        if let limit = flags.limit { f.limit = limit }
        if let search = flags.search { f.search = search }
        return f
    }
}
