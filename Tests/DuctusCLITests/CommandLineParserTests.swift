import Testing

@testable import DuctusCLI

@Suite struct CommandLineParserTests {
  /// Parses words against the example tool, returning the command path and the values.
  private func parse(_ words: [String]) throws -> (names: [String], arguments: ParsedArguments) {
    var parser = CommandLineParser(root: ExampleTool())
    switch try parser.parse(words) {
    case .run(let path, let arguments): return (path.map(\.signature.name), arguments)
    case .help:
      Issue.record("unexpected help")
      throw UsageError("help")
    }
  }

  /// The message of the usage error a command line raises.
  private func failure(_ words: [String]) -> String? {
    var parser = CommandLineParser(root: ExampleTool())
    do {
      _ = try parser.parse(words)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func optionValuesInEverySpelling() throws {
    for words in [
      ["batch", "--format", "json", "-j", "4"], ["batch", "--format=json", "-j4"],
      ["batch", "-j=4", "--format", "json"].filter { $0 != "-j=4" } + ["--jobs=4"],
    ] {
      let (names, arguments) = try parse(words)
      #expect(names == ["tool", "batch"])
      #expect(arguments.value("format") == "json")
      #expect(try arguments.value("jobs", as: Int.self) == 4)
    }
  }

  @Test func flagsRepeatedOptionsAndPositionals() throws {
    let (_, arguments) = try parse(
      ["batch", "a.json", "-qv", "--tag", "x", "b.json", "--tag=y", "-", "-1.5"])
    #expect(arguments.flag("quiet"))
    #expect(arguments.flag("verbose"))
    #expect(arguments.values("tag") == ["x", "y"])
    #expect(arguments.arguments("file") == ["a.json", "b.json", "-", "-1.5"])
    #expect(arguments.value("format") == nil)
  }

  @Test func repeatableFlagsCountAndRepeatableOptionsConvert() throws {
    let (_, arguments) = try parse(["batch", "-vv", "--level", "3", "-v", "--level=-1"])
    #expect(arguments.flagCount("verbose") == 3)
    #expect(try arguments.values("level", as: Int.self) == [3, -1])
    #expect(arguments.flagCount("quiet") == 0)
    let bad = try parse(["batch", "--level", "3", "--level", "x"]).arguments
    #expect(throws: UsageError("invalid value 'x' for '--level': expected an integer")) {
      try bad.values("level", as: Int.self)
    }
  }

  @Test func terminatorMakesEverythingPositional() throws {
    let (_, arguments) = try parse(["batch", "-q", "--", "--format", "-v", "--"])
    #expect(arguments.flag("quiet"))
    #expect(!arguments.flag("verbose"))
    #expect(arguments.arguments("file") == ["--format", "-v", "--"])
  }

  @Test func valueMayBeDashOrNegativeNumber() throws {
    let (_, arguments) = try parse(["pair", "-s", "-0.5", "x", "-"])
    #expect(try arguments.value("scale", as: Double.self) == -0.5)
    #expect(arguments.arguments("b") == ["-"])
    #expect(arguments.argument("c") == nil)
  }

  @Test func requiredOptionalAndExtraPositionals() throws {
    #expect(try parse(["pair", "1", "2", "3"]).arguments.argument("c") == "3")
    #expect(failure(["pair", "1"]) == "missing argument <b>")
    #expect(failure(["pair"]) == "missing argument <a>")
    #expect(failure(["pair", "1", "2", "3", "4"]) == "unexpected argument '4'")
    #expect(failure(["group", "leaf"]) == "missing argument <item>")
    #expect(try parse(["group", "leaf", "p", "q"]).arguments.arguments("item") == ["p", "q"])
  }

  @Test func typosGetSuggestions() {
    #expect(
      failure(["batch", "--fromat", "json"])
        == "unknown option '--fromat'; did you mean '--format'?")
    #expect(failure(["batch", "--jbos", "2"]) == "unknown option '--jbos'; did you mean '--jobs'?")
    #expect(failure(["batch", "--hepl"]) == "unknown option '--hepl'; did you mean '--help'?")
    #expect(failure(["batch", "--zebra"]) == "unknown option '--zebra'")
    #expect(failure(["batch", "-x"]) == "unknown option '-x'")
    #expect(
      failure(["batch", "-format", "json"])
        == "unknown option '-format'; did you mean '--format'?")
    #expect(failure(["bacth"]) == "unknown command 'bacth'; did you mean 'batch'?")
    #expect(failure(["group", "laef"]) == "unknown command 'laef'; did you mean 'leaf'?")
    #expect(failure(["zzzzzz"]) == "unknown command 'zzzzzz'")
    #expect(
      failure(["batch", "--format", "jsno"])
        == "invalid value 'jsno' for '--format': expected one of text, json; did you mean 'json'?")
  }

  @Test func missingAndMisplacedValuesNameTheOption() throws {
    #expect(failure(["batch", "--format"]) == "missing value for '--format'")
    #expect(failure(["batch", "-j", "--quiet"]) == "missing value for '-j'")
    #expect(failure(["batch", "--jobs", "--quiet"]) == "missing value for '--jobs'")
    #expect(failure(["batch", "--quiet=yes"]) == "flag '--quiet' takes no value")
    #expect(failure(["batch", "-j", "2", "-j", "3"]) == "option '-j' given more than once")
    #expect(
      failure(["batch", "-j", "2", "--jobs=3"])
        == "option '--jobs' given more than once (also as '-j')")
    let arguments = try parse(["batch", "-j", "many", "--shard", "4/4"]).arguments
    #expect(throws: UsageError("invalid value 'many' for '-j': expected an integer")) {
      try arguments.value("jobs", as: Int.self)
    }
    let long = try parse(["batch", "--jobs=many"]).arguments
    #expect(throws: UsageError("invalid value 'many' for '--jobs': expected an integer")) {
      try long.value("jobs", as: Int.self)
    }
    #expect(
      throws: UsageError(
        "invalid value '4/4' for '--shard': expected I/N with 0 <= I < N, such as 0/4")
    ) { try arguments.value("shard", as: Shard.self) }
    let zero = try parse(["batch", "-j0"]).arguments
    #expect(throws: UsageError("invalid value '0' for '-j': expected a positive integer")) {
      try CommonOptions.jobCount(in: zero)
    }
  }

  @Test func optionsAreSpelledAsTyped() throws {
    let short = try parse(["batch", "-qj4", "--tag", "x"]).arguments
    #expect(short.spelling("jobs") == "-j")
    #expect(short.spelledValue("jobs") == "-j 4")
    #expect(short.spelling("quiet") == "-q")
    #expect(short.spelledValue("tag") == "--tag x")
    #expect(short.spelling("shard") == "--shard")
    #expect(short.isGiven("jobs") && short.isGiven("quiet") && !short.isGiven("shard"))
    let long = try parse(["batch", "--jobs=4", "--format", "text"]).arguments
    #expect(long.spelledValue("jobs") == "--jobs 4")
    #expect(long.spelledValue("format") == "--format text")
  }

  @Test func helpWinsAnywhereBeforeTheTerminator() throws {
    for words in [["batch", "--help"], ["batch", "--fromat", "-h"], ["batch", "-qh"]] {
      var parser = CommandLineParser(root: ExampleTool())
      guard case .help(let path) = try parser.parse(words) else {
        Issue.record("no help for \(words)")
        continue
      }
      #expect(path.map(\.signature.name) == ["tool", "batch"])
    }
    #expect(try parse(["batch", "--", "--help"]).arguments.arguments("file") == ["--help"])
  }

  @Test func groupWithoutSubcommandAsksForItsHelp() throws {
    let (names, arguments) = try parse(["group"])
    #expect(names == ["tool", "group"])
    #expect(throws: HelpRequest()) {
      try ExampleTool.Group().run(arguments, context: .standard())
    }
  }
}
