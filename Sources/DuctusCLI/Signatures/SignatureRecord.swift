import Foundation
import InkFeatures
import InkFormats
import InkSignatureStore
import InkSignatures
import OpenPencilKit
import _DuctusSupport

/// A signature named on the command line of a store command: its name for messages, the
/// drawing and its features (the matcher's: InkFeatures' with the shared-scale velocity
/// components).
///
/// Only files are read: standard input would be copied to a temporary file first (see
/// `InkInput`), and a signature is kept nowhere but in the store.
struct SignatureRecord {
  /// The file, and the record's key when the file holds several.
  var name: String
  /// The drawing.
  var drawing: PKDrawing
  /// Its features.
  var features: SignatureFeatures
  /// The user the record names in its metadata (`user`, as `signature export` writes), if any.
  var user: String?
  /// The record's metadata (`signature export` writes the user's `threshold` and
  /// `cohortDistance` there too).
  var metadata: [String: String]

  /// The features of a record, or a failure (65) naming it.
  init(_ record: CorpusRecord, name: String) throws(CommandFailure) {
    do {
      features = SignatureMatcher.features(of: try SignatureSamples(drawing: record.drawing))
      try SignatureFeaturesCommand.checkFinite(features)
    } catch let failure as CommandFailure {
      throw CommandFailure(.malformedInput, "\(name): \(failure.message)")
    } catch {
      throw CommandFailure(.malformedInput, "\(name): \(error)")
    }
    self.name = name
    drawing = record.drawing
    user = record.metadata["user"]
    metadata = record.metadata
  }

  /// The input of a path, refused when it is standard input or a folder.
  static func input(
    _ path: String, format: InkFileFormat?, limits: InkReadLimits,
    context: CommandContext
  ) throws -> InkInput {
    guard path != "-" else {
      throw UsageError(
        "signatures are read from files, not from standard input (which would be copied to a "
          + "temporary file, and a signature is kept nowhere but in the store)")
    }
    let input = try InkInput(path: path, format: format, limits: limits, context: context)
    guard !input.isFolder else { throw UsageError("'\(path)' is a folder; name the files") }
    return input
  }

  /// Every drawing of every file, in order: the references of an enrolment (a file of one
  /// signature, or a corpus of several).
  static func all(
    of paths: [String], format: InkFileFormat?, limits: InkReadLimits, context: CommandContext
  ) throws -> [SignatureRecord] {
    var records: [SignatureRecord] = []
    for path in paths {
      let input = try input(path, format: format, limits: limits, context: context)
      var reader = try input.openRecords()
      var found: [CorpusRecord] = []
      do {
        while let record = try reader.next() { found.append(record) }
      } catch let error as InkFormatError {
        throw input.relocated(error)
      }
      guard !found.isEmpty else {
        throw CommandFailure(.malformedInput, "\(input.displayName): the file holds no drawing")
      }
      for record in found {
        let name =
          found.count == 1 ? input.displayName : "\(input.displayName) (\(record.key))"
        records.append(try SignatureRecord(record, name: name))
      }
    }
    return records
  }

  /// The one drawing of a file, or its record chosen by `--record`: a questioned signature.
  static func one(
    _ path: String, arguments: ParsedArguments, format: InkFileFormat?, limits: InkReadLimits,
    context: CommandContext
  ) throws -> SignatureRecord {
    let input = try input(path, format: format, limits: limits, context: context)
    let selection = RecordSelection(arguments, batchCommand: nil)
    let record = try selection.record(in: input)
    return try SignatureRecord(
      record,
      name: selection.value == nil ? input.displayName : "\(input.displayName) (\(record.key))")
  }

  /// The reference the store keeps of this signature: the drawing as Ductus JSON (every
  /// attribute of the model, bit for bit) and the features as JSON.
  func reference(added date: Date) throws -> StoredReference {
    StoredReference(
      format: InkFileFormat.ductusJSON.rawValue, drawing: DuctusJSONWriter().data(for: drawing),
      features: try JSONEncoder().encode(features), added: date)
  }
}
