import Foundation
import InkSignatureStore
import _DuctusSupport

/// `ductus signature list --store S`: the enrolled users.
struct SignatureListCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "list",
      abstract: "List the users enrolled in a signature store.",
      discussion:
        "One line a user, by id: NDJSON {\"user\", \"references\", \"enrolled\", "
        + "\"updated\", \"verifications\"} (dates in ISO 8601, UTC; verifications: the lines "
        + "of the store's log for the user), or with --format text a table. --check also runs "
        + "SQLite's integrity check, and exits 65 when it finds a problem; a store SQLite "
        + "finds malformed (cut short, overwritten) exits 65 with or without it.",
      options: [
        SignatureStoreOptions.store,
        .flag("check", help: "Check the store's integrity too."),
        OutputFormat.option([.ndjson, .text], otherwise: .ndjson),
      ])
  }

  /// A line of the list.
  struct Line: Encodable {
    var user: String
    var references: Int
    var enrolled: String
    var updated: String
    var verifications: Int
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    let format = try OutputFormat.selected(
      in: arguments, otherwise: .ndjson, output: nil, context: context)
    let store = try SignatureStoreOptions.open(arguments, create: false)
    if arguments.flag("check") {
      let findings = try store.integrityCheck()
      guard findings == ["ok"] else {
        throw CommandFailure(
          .malformedInput,
          "\(store.path): the integrity check found: "
            + findings.prefix(5).joined(separator: "; "))
      }
    }
    let counts = try store.verificationCounts()
    let dates = ISO8601DateFormatter()
    let lines = try store.users(includingModels: false).map { user in
      Line(
        user: user.id, references: user.referenceCount, enrolled: dates.string(from: user.enrolled),
        updated: dates.string(from: user.updated), verifications: counts[user.id] ?? 0)
    }
    try context.writeOutput(to: "-") { sink in
      if format == .text {
        sink.write("user\treferences\tenrolled\tupdated\tverifications\n")
        for line in lines {
          sink.write(
            "\(SignatureStore.quoted(line.user))\t\(line.references)\t\(line.enrolled)\t"
              + "\(line.updated)\t\(line.verifications)\n")
        }
      } else {
        for line in lines { sink.write(try TraceOptions.encoder.encode(line) + Data("\n".utf8)) }
      }
    }
    return .success
  }
}
