import Foundation
import InkFormats
import InkSignatureStore
import OpenPencilKit
import _DuctusSupport

/// `ductus signature export --store S [--user ID] -o FILE`: the references of one user or of
/// all, as a Ductus NDJSON corpus that `signature import` reads back.
struct SignatureExportCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "export",
      abstract: "Write enrolled users' reference signatures out of a store, for import elsewhere.",
      discussion:
        "The one command that writes signatures outside the store, and only where -o says: a "
        + "Ductus NDJSON corpus, a line a reference, key \"<user>/<n>\", label and metadata "
        + "\"user\" the user's id, metadata \"reference\" (n, from 1, oldest first) and "
        + "\"added\" (ISO 8601, UTC). The file is written whole or not at all, and readable by "
        + "its owner alone (0600), also when it replaces another. 'ductus signature import' "
        + "enrolls every user of such a file; the templates it computes are those the store "
        + "had, so verifications score the same.",
      options: [
        SignatureStoreOptions.store,
        .value(
          "user", valueName: "id", help: "Export this user only.", defaultDescription: "every user"),
        .value(
          "output", short: "o", valueName: "file",
          help: "Write the corpus here ('-': standard output)."),
      ])
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    guard let output = arguments.value("output") else {
      throw UsageError("missing -o FILE: where the signatures go")
    }
    let store = try SignatureStoreOptions.open(arguments, create: false)
    let ids: [String]
    if arguments.value("user") != nil {
      let id = try SignatureStoreOptions.userID(arguments)
      ids = [try SignatureStoreOptions.enrolledUser(id, in: store).id]
    } else {
      ids = try store.users().map(\.id)
    }
    if output != "-" { try context.checkOutputFolder(of: output) }
    let dates = ISO8601DateFormatter()
    let writer = DuctusJSONWriter(breaksLinesBetweenStrokes: false)
    var lines: [[UInt8]] = []
    for id in ids {
      for (index, reference) in try store.references(of: id).enumerated() {
        let drawing: PKDrawing
        do {
          drawing = try DuctusJSONReader().drawing(from: reference.drawing)
        } catch {
          throw CommandFailure(
            .malformedInput,
            "\(store.path): user \(SignatureStore.quoted(id)), reference \(index + 1): the "
              + "stored drawing cannot be read (\(error))")
        }
        let record = CorpusRecord(
          key: "\(id)/\(index + 1)", label: id,
          metadata: [
            "user": id, "reference": String(index + 1),
            "added": dates.string(from: reference.added),
          ], drawing: drawing)
        lines.append(DuctusNDJSONWriter.line(for: record, drawingWriter: writer))
      }
    }
    if output == "-" {
      for line in lines { context.output.write(bytes: line) }
    } else {
      try context.output.flush()
      try AtomicFile.write(to: output, ownerOnly: true) { sink in
        for line in lines { sink.write(bytes: line) }
      }
    }
    return .success
  }
}
