import _DuctusSupport

/// Writes usage lines and help pages from command signatures, wrapped to a width.
///
/// ```text
/// OVERVIEW: Converts a drawing or corpus from one format to another.
///
/// USAGE: ductus convert [<options>] <in> <out>
///
/// ARGUMENTS:
///   <in>                    The input file ('-' reads standard input).
///
/// OPTIONS:
///   --from <format>         The input format (default: from the extension or content).
///   -h, --help              Show help information.
/// ```
struct HelpFormatter {
  /// The column the help texts start in.
  static let labelColumn = 26

  /// The number of columns to wrap at.
  var width: Int

  /// The names of a command path: `ductus trace score`.
  static func commandName(_ path: [any Command]) -> String {
    path.map(\.signature.name).joined(separator: " ")
  }

  /// The one-line usage of the last command of a path.
  func usage(_ path: [any Command]) -> String {
    let signature = path[path.count - 1].signature
    var parts = [Self.commandName(path)]
    if !signature.subcommands.isEmpty, signature.arguments.isEmpty {
      parts.append(signature.options.contains { !$0.isHidden } ? "[<options>]" : "")
      parts.append("<subcommand>")
    } else {
      if signature.options.contains(where: { !$0.isHidden }) { parts.append("[<options>]") }
      parts += signature.arguments.map(\.usageLabel)
    }
    return parts.filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// The full help page of the last command of a path.
  func help(_ path: [any Command]) -> String {
    let signature = path[path.count - 1].signature
    var page = wrap("OVERVIEW: " + signature.abstract, indent: 0, hangingIndent: 2)
    if let discussion = signature.discussion {
      for paragraph in discussion.split(separator: "\n\n") {
        page += "\n" + wrap(String(paragraph), indent: 0, hangingIndent: 0)
      }
    }
    page += "\n" + wrap("USAGE: " + usage(path), indent: 0, hangingIndent: 2)
    if !signature.arguments.isEmpty {
      page += "\nARGUMENTS:\n"
      for argument in signature.arguments {
        page += entry("<\(argument.name)>", argument.help)
      }
    }
    page += "\nOPTIONS:\n"
    for option in signature.options where !option.isHidden {
      var text = option.help
      if !option.allowedValues.isEmpty, !text.contains(option.allowedValues[0]) {
        text += " One of: \(option.allowedValues.joined(separator: ", "))."
      }
      if let defaultDescription = option.defaultDescription {
        text += " (default: \(defaultDescription))"
      }
      if option.isRepeatable { text += " Repeatable." }
      page += entry(option.helpLabel, text)
    }
    page += entry("-h, --help", "Show help information.")
    let visible = signature.subcommands.filter { !$0.signature.isHidden }
    if !visible.isEmpty {
      page += "\nSUBCOMMANDS:\n"
      for subcommand in visible {
        page += entry(subcommand.signature.name, subcommand.signature.abstract)
      }
      page += "\n  See '\(rootHelp(path)) <subcommand>' for detailed help.\n"
    }
    return page
  }

  /// `ductus help <sub…>` spelled for a path's subcommands.
  private func rootHelp(_ path: [any Command]) -> String {
    ([path[0].signature.name, "help"] + path.dropFirst().map(\.signature.name))
      .joined(separator: " ")
  }

  /// One label-and-text entry, the text starting at `labelColumn` (or on the next line when the
  /// label is too long).
  private func entry(_ label: String, _ text: String) -> String {
    let lead = "  " + label
    let body = wrap(text, indent: Self.labelColumn, hangingIndent: Self.labelColumn)
    if lead.count + 2 <= Self.labelColumn {
      let padding = String(repeating: " ", count: Self.labelColumn - lead.count)
      return lead + padding + body.dropFirst(Self.labelColumn)
    }
    return lead + "\n" + body
  }

  /// Wraps text at word boundaries: the first line indented by `indent`, the others by
  /// `hangingIndent`; ends with a newline.
  private func wrap(_ text: String, indent: Int, hangingIndent: Int) -> String {
    var lines: [String] = []
    var line = String(repeating: " ", count: indent)
    var lineHasWord = false
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if lineHasWord, line.count + 1 + word.count > width {
        lines.append(line)
        line = String(repeating: " ", count: hangingIndent)
        lineHasWord = false
      }
      line += (lineHasWord ? " " : "") + word
      lineHasWord = true
    }
    lines.append(line)
    return lines.joined(separator: "\n") + "\n"
  }
}
