import Foundation
import InkFormats
import _DuctusSupport

/// `ductus make-samples [FOLDER]` (hidden): writes the bundled example drawings of
/// `SampleDrawings` into `Datasets/samples/` (the "a" also in PencilKit's binary format); `Scripts/make-samples` runs it.
struct MakeSamplesCommand: Command {
  var signature: CommandSignature {
    CommandSignature(
      name: "make-samples",
      abstract:
        "Write the bundled example drawings (a.json, a.pkdrawing, star.json, samples.ndjson).",
      arguments: [
        ArgumentDeclaration(
          "folder", arity: .optional, help: "Where to write them (default: Datasets/samples).")
      ],
      isHidden: true)
  }

  func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
    try context.refuseStandardOutput(
      forFolder: arguments.argument("folder") ?? "", what: "the set of samples")
    let folder = URL(fileURLWithPath: arguments.argument("folder") ?? "Datasets/samples")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw CommandFailure.io(folder.path, error)
    }
    try InkFileFormat.ductusJSON.write(
      SampleDrawings.letterA, to: folder.appendingPathComponent("a.json"))
    try InkFileFormat.ductusJSON.write(
      SampleDrawings.star, to: folder.appendingPathComponent("star.json"))
    let binary = SampleDrawings.letterA.dataRepresentation()
    try AtomicFile.write(to: folder.appendingPathComponent("a.pkdrawing").path) { $0.write(binary) }
    var corpus = try InkFileFormat.ductusNDJSON.makeCorpusWriter(
      to: folder.appendingPathComponent("samples.ndjson"))
    for record in SampleDrawings.corpus { try corpus.write(record) }
    try corpus.finish()
    return .success
  }
}
