/// Every top-level command, in the order `help` lists them. Add yours here (one line).
let commands: [any Command.Type] = [
    KeyCommand.self,
    EncodeCommand.self,
    DecodeCommand.self,
    EventCommand.self,
    VerifyCommand.self,
    FilterCommand.self,
    EncryptCommand.self,
    DecryptCommand.self,
    ImportCommand.self,
    IndexCommand.self,
    ServeCommand.self,
    ReqCommand.self,
    FetchCommand.self,
    CountCommand.self,
    RelayCommand.self,
    GiftCommand.self,
]
