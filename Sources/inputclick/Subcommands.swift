/// Every subcommand, in the order `inputclick --help` lists them.
let allSubcommands: [any Subcommand.Type] = [
    TypeCommand.self,
    KeyboardCommand.self,
    CharsCommand.self,
    GenerateSoundsCommand.self,
    TapCommand.self,
    DevicesCommand.self,
    DoctorCommand.self,
    SettingsCommand.self,
    ListenCommand.self,
]
