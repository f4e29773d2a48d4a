import DuctusCLI

DuctusCommandLine.exit(withArguments: CommandLine.arguments)
