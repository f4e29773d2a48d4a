import _DuctusSupport

/// Reads the words of a command line against a tree of command signatures.
///
/// The grammar, in the way of POSIX utilities and GNU long options:
/// - leading words that name subcommands select them (`ductus trace score …`);
/// - `--name value` and `--name=value` give an option's value, `-j 4` and `-j4` a short one's;
///   one-letter flags may be grouped (`-qv`);
/// - `-` alone, and numbers such as `-1.5`, are ordinary words;
/// - `--` ends the options: every later word is positional;
/// - `-h`/`--help` anywhere before `--` asks for the selected command's help.
///
/// Every mistake is a `UsageError` that names the word, with a suggestion for a likely typo.
struct CommandLineParser {
  /// What the command line asks for.
  enum Outcome {
    /// Run the last command of `path` with these values.
    case run(path: [any Command], arguments: ParsedArguments)
    /// Print the help of the last command of `path`.
    case help(path: [any Command])
  }

  /// The commands selected so far, from the root; after a failure, the command whose usage to
  /// show.
  private(set) var path: [any Command]

  /// Creates a parser for a command tree.
  init(root: any Command) { path = [root] }

  /// Reads the words that follow the tool's name. A mistake still yields help when `-h` or
  /// `--help` comes later (before `--`), so that `ductus inspect --fromat -h` explains itself.
  mutating func parse(_ words: [String]) throws(UsageError) -> Outcome {
    do {
      return try parseWords(words)
    } catch {
      let options = words.prefix { $0 != "--" }
      if options.contains("--help") || options.contains("-h") { return .help(path: path) }
      throw error
    }
  }

  private mutating func parseWords(_ words: [String]) throws(UsageError) -> Outcome {
    var signature = path[path.count - 1].signature
    var parsed = ParsedArguments(signature: signature)
    var positionals: [String] = []
    var index = 0
    var optionsEnded = false

    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded {
        positionals.append(word)
      } else if word == "--" {
        optionsEnded = true
      } else if word == "--help" || word == "-h" {
        return .help(path: path)
      } else if word.hasPrefix("--") {
        let body = word.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        guard let option = signature.option(named: name) else {
          throw unknownOption("--\(name)", in: signature)
        }
        try record(
          option, spelling: "--\(name)", inline: inline, words: words, index: &index,
          into: &parsed)
      } else if Self.looksLikeOption(word) {
        var letters = word.dropFirst()
        while let letter = letters.popFirst() {
          if letter == "h" { return .help(path: path) }
          guard let option = signature.option(short: letter) else {
            if signature.option(named: String(word.dropFirst())) != nil {
              throw UsageError("unknown option '\(word)'; did you mean '-\(word)'?")
            }
            throw UsageError("unknown option '-\(letter)'")
          }
          if option.takesValue {
            let inline = letters.isEmpty ? nil : String(letters)
            try record(
              option, spelling: "-\(letter)", inline: inline, words: words, index: &index,
              into: &parsed)
            break
          }
          try record(
            option, spelling: "-\(letter)", inline: nil, words: words, index: &index,
            into: &parsed)
        }
      } else if positionals.isEmpty, !signature.subcommands.isEmpty {
        guard let subcommand = signature.subcommand(named: word) else {
          throw signature.unknownSubcommand(word)
        }
        path.append(subcommand)
        signature = subcommand.signature
        parsed = ParsedArguments(signature: signature)
      } else {
        positionals.append(word)
      }
    }
    try assign(positionals, to: signature.arguments, into: &parsed)
    return .run(path: path, arguments: parsed)
  }

  /// Whether a word is an option rather than a value: it starts with `-`, is longer than `-`
  /// and is not a number.
  static func looksLikeOption(_ word: String) -> Bool {
    word.hasPrefix("-") && word.count > 1 && Double(word) == nil
  }

  private func unknownOption(_ spelling: String, in signature: CommandSignature) -> UsageError {
    let names = signature.options.filter { !$0.isHidden }.map { "--\($0.name)" } + ["--help"]
    let hint = TypoSuggestion.closest(to: spelling, among: names).map { "; did you mean '\($0)'?" }
    return UsageError("unknown option '\(spelling)'\(hint ?? "")")
  }

  /// Records one occurrence of an option, written `spelling` (`-j` or `--jobs`), so that
  /// messages name it as the user wrote it.
  private func record(
    _ option: OptionDeclaration, spelling: String, inline: String?, words: [String],
    index: inout Int, into parsed: inout ParsedArguments
  ) throws(UsageError) {
    let given = parsed.flagCounts[option.name] != nil || parsed.optionValues[option.name] != nil
    if given, !option.isRepeatable {
      let earlier = parsed.optionSpellings[option.name] ?? spelling
      let also = earlier == spelling ? "" : " (also as '\(earlier)')"
      throw UsageError("option '\(spelling)' given more than once\(also)")
    }
    parsed.optionSpellings[option.name] = spelling
    guard option.takesValue else {
      if inline != nil { throw UsageError("flag '\(spelling)' takes no value") }
      parsed.flagCounts[option.name, default: 0] += 1
      return
    }
    let value: String
    if let inline {
      value = inline
    } else if index < words.count, !Self.looksLikeOption(words[index]) {
      value = words[index]
      index += 1
    } else {
      throw UsageError("missing value for '\(spelling)'")
    }
    if !option.allowedValues.isEmpty, !option.allowedValues.contains(value) {
      let expected = option.allowedValues.joined(separator: ", ")
      let hint = TypoSuggestion.closest(to: value, among: option.allowedValues)
        .map { "; did you mean '\($0)'?" }
      throw UsageError(
        "invalid value '\(value)' for '\(spelling)': expected one of \(expected)"
          + (hint ?? ""))
    }
    parsed.optionValues[option.name, default: []].append(value)
  }

  private func assign(
    _ values: [String], to declarations: [ArgumentDeclaration], into parsed: inout ParsedArguments
  ) throws(UsageError) {
    let required = declarations.filter { $0.minimumCount > 0 }
    if values.count < required.count {
      throw UsageError("missing argument <\(required[values.count].name)>")
    }
    var spare = values.count - required.count
    var next = 0
    for declaration in declarations {
      var take = declaration.minimumCount
      if declaration.arity == .optional, spare > 0 { take = 1 }
      if declaration.isVariadic { take += spare }
      spare -= take - declaration.minimumCount
      parsed.argumentValues[declaration.name] = Array(values[next..<next + take])
      next += take
    }
    if next < values.count {
      throw UsageError("unexpected argument '\(values[next])'")
    }
  }
}
