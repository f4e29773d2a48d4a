import Foundation
import InkFormats
import InkSignatureStore
import OpenPencilKit
import _DuctusSupport

/// `ductus signature export --store S [--user ID] [--format F] -o FILE`: the references of one
/// user or of all, as a Ductus NDJSON corpus or as signature XML (the channels of ISO/IEC
/// 19794-7), which `signature import` reads back.
struct SignatureExportCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "export",
      abstract: "Write enrolled users' reference signatures out of a store, for import elsewhere.",
      discussion:
        "The one command that writes signatures outside the store, and only where -o says: a "
        + "corpus of a record a reference, key \"<user>/<n>\", label and metadata \"user\" the "
        + "user's id, metadata \"reference\" (n, from 1, oldest first), \"added\" (ISO 8601, "
        + "UTC), and the user's \"threshold\", \"cohortDistance\" (\"none\" without a "
        + "cohort), \"meanTemplateCohortDistance\" (the mean template's nearest cohort "
        + "signature, \"none\" without a cohort; absent without a mean template, which is "
        + "computed again from the references and never exported) and \"matcher\" (the "
        + "template's matcher as JSON: the functions it compares, "
        + "its weights and map), so that an import keeps them. --format ductus-ndjson writes "
        + "Ductus NDJSON, a line a reference, every attribute of the drawing kept; --format "
        + "signature-xml writes signature XML, a <Signature> a reference with the channels x, y, t, f, az and el of ISO/IEC 19794-7 "
        + "(the standard's vocabulary; its XML schema is not public), for other tools. The "
        + "file is written whole or not at all, and readable by its owner alone (0600), also "
        + "when it replaces another. 'ductus signature import' enrolls every user of either; "
        + "from Ductus NDJSON the templates it computes are those the store had, so "
        + "verifications score the same (from signature XML, to within the rounding of times "
        + "and angles in their units).",
      options: [
        SignatureStoreOptions.store,
        .value(
          "user", valueName: "id", help: "Export this user only.", defaultDescription: "every user"),
        .value(
          "format", valueName: "format", help: "The corpus's format.",
          allowedValues: Self.formats.map(\.rawValue),
          defaultDescription:
            "signature-xml when -o ends in .xml, else ductus-ndjson; an -o extension that "
            + "names another format (.inkml, .json, .txt) is refused"),
        .value(
          "output", short: "o", valueName: "file",
          help: "Write the corpus here ('-': standard output)."),
      ])
  }

  /// The formats an export is written in.
  static let formats: [InkFileFormat] = [.ductusNDJSON, .signatureXML]

  /// The format asked for, or told by the output's extension; a format that the extension
  /// contradicts (`-o users.xml --format ductus-ndjson`) is a usage error.
  static func format(_ arguments: ParsedArguments, output: String) throws -> InkFileFormat {
    let named = URL(fileURLWithPath: output).pathExtension.lowercased()
    let byName = formats.first { $0.fileExtensions.contains(named) }
    // An extension that names a format an export is not written in (`-o users.inkml`) would
    // put one format under another's name.
    if byName == nil, !named.isEmpty,
      let other = InkFileFormat.allCases.first(where: { $0.fileExtensions.contains(named) })
    {
      throw UsageError(
        "-o \(output): the extension names \(other.rawValue), which an export is not written "
          + "in; name the file .ndjson (ductus-ndjson) or .xml (signature-xml)")
    }
    // The parser admits only the names of `formats`.
    guard let chosen = try arguments.value("format", as: InkFileFormat.self) else {
      return byName ?? .ductusNDJSON
    }
    if let byName, byName != chosen {
      throw UsageError(
        "--format \(chosen.rawValue) contradicts -o \(output), whose extension names "
          + byName.rawValue)
    }
    return chosen
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
    let format = try Self.format(arguments, output: output)
    if output != "-" { try context.checkOutputFolder(of: output) }
    let dates = ISO8601DateFormatter()
    let writer = DuctusJSONWriter(breaksLinesBetweenStrokes: false)
    var lines: [[UInt8]] = format == .signatureXML ? [SignatureXMLWriter.header] : []
    for id in ids {
      let template = try SignatureStoreOptions.template(
        of: try SignatureStoreOptions.enrolledUser(id, in: store), store: store)
      var kept = [
        "threshold": String(template.matcher.fusion.threshold),
        "cohortDistance": template.statistics.cohortDistance.map { String($0) } ?? "none",
        "matcher": String(
          decoding: try SignatureStoreOptions.json(template.matcher), as: UTF8.self),
      ]
      if let meanTemplate = template.meanTemplate {
        kept["meanTemplateCohortDistance"] =
          meanTemplate.cohortDistance.map { String($0) } ?? "none"
      }
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
          ].merging(kept) { first, _ in first }, drawing: drawing)
        switch format {
        case .signatureXML:
          do {
            lines.append(try SignatureXMLWriter.element(for: record))
          } catch {
            throw CommandFailure(
              .malformedInput,
              "\(store.path): user \(SignatureStore.quoted(id)), reference \(index + 1): "
                + "\(error.message)")
          }
        default:
          lines.append(DuctusNDJSONWriter.line(for: record, drawingWriter: writer))
        }
      }
    }
    if format == .signatureXML { lines.append(SignatureXMLWriter.footer) }
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
