import DuctusCLI

DuctusCommandLine.main()
