import NostrCore
enum Bench { static func main() async {} }
