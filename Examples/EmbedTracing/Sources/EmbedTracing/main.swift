// Scores a PencilKit drawing against a bundled template and writes the feedback picture: what
// an app that embeds Ductus does with one attempt.
//
//     swift run EmbedTracing [drawing.pkdrawing] [feedback.png]
import Ductus
import Foundation

let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let arguments = CommandLine.arguments.dropFirst()
let attempt =
  arguments.first.map { URL(fileURLWithPath: $0) }
  ?? examples.deletingLastPathComponent().appendingPathComponent("Datasets/samples/a.pkdrawing")
let picture = URL(fileURLWithPath: arguments.dropFirst().first ?? "feedback.png")

do {
  let drawing = try PKDrawing(data: Data(contentsOf: attempt))
  let library = TemplateLibrary.bundled
  let template = try library.template(named: "latin/a")
  let feedback = try TracingScorer(level: .standard).feedback(drawing, against: template)
  try FeedbackPicture.render(feedback, format: .png).write(to: picture, options: .atomic)
  print(feedback.report.text, terminator: "")
  print("templates: \(library.folder?.path ?? "none")")
  print(
    "score \(feedback.report.scoreText), \(feedback.report.stars) stars; picture \(picture.path)")
} catch {
  FileHandle.standardError.write(Data("EmbedTracing: \(error)\n".utf8))
  exit(1)
}
