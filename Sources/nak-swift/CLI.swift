import NostrCore
enum CLI { static func main() async {} }
