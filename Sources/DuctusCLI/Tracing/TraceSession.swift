import Foundation
import InkFormats
import InkRender
import InkTracing
import OpenPencilKit
import _DuctusSupport

/// The state of a `ductus trace session`: where templates and pictures go, the limits, the
/// settings requests start from, and the templates already read. Each request line gets one
/// answer line (``SessionAnswer``), whatever the line holds.
struct TraceSession {
  /// The templates, by name.
  var templates: SessionTemplates
  /// The scorer with the command line's level and placement.
  let scorer: TracingScorer
  /// The command line's method.
  let method: TracingMethod
  /// The limits on a request.
  let limits: SessionLimits
  /// The pictures folder, when the operator named one.
  let pictures: SessionPictures?

  /// The answer to one line of input.
  mutating func answer(_ line: SessionLineReader.Line) -> Data {
    switch line {
    case .tooLong(let byteCount, let head):
      return SessionAnswer.error(
        "the request has \(byteCount) bytes, over the session's limit of "
          + "\(limits.maximumRequestBytes) (--max-request-bytes); it was skipped",
        id: SessionRequest.id(inHead: head, limits: limits))
    case .text(let bytes):
      guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else {
        return SessionAnswer.error("an empty line is not a request", id: nil)
      }
      do throws(SessionRequestError) {
        return try answer(SessionRequest(line: bytes, limits: limits))
      } catch {
        return SessionAnswer.error(error.message, id: error.id)
      }
    }
  }

  /// The answer to a request that was read.
  private mutating func answer(_ request: SessionRequest) -> Data {
    do throws(SessionRequestError) {
      var scorer = self.scorer
      if let name = request.level {
        guard let level = TracingLevel.named(name) else {
          throw SessionRequestError(
            "level: unknown level \(SessionRequestError.quoted(name)); one of "
              + TracingLevel.all.map(\.name).joined(separator: ", "))
        }
        scorer.level = level
      }
      if let text = request.placement {
        // Four numbers never take 200 bytes; a longer text is not parsed at all.
        guard text.utf8.count <= 200,
          let placement = try? TraceOptions.parsePlacement(text, name: "placement")
        else {
          throw SessionRequestError(
            "placement: \(SessionRequestError.quoted(text)) is not fit, box or X,Y,W,H (four "
              + "finite numbers, W and H positive, such as 0,0,200,300)")
        }
        scorer.placement = placement
      }
      var method = self.method
      if let name = request.method {
        guard let named = TracingMethod(rawValue: name) else {
          throw SessionRequestError(
            "method: unknown method \(SessionRequestError.quoted(name)); one of "
              + TracingMethod.allCases.map(\.rawValue).joined(separator: ", "))
        }
        method = named
      }
      var picture: (name: String, format: RenderFormat)?
      if let name = request.picture {
        guard pictures != nil else {
          throw SessionRequestError(
            "picture: this session writes no pictures (the operator starts it with "
              + "--pictures DIR for that)")
        }
        picture = (name, try SessionPictures.format(of: name))
      }
      let template = try templates.template(named: request.template)
      let drawing = try Self.drawing(of: request.attempt, limits: limits)
      try SessionWorkEstimate(of: drawing, template: template, placement: scorer.placement)
        .check(method: method, limits: limits)
      return try answer(
        id: request.id, drawing: drawing, template: template, scorer: scorer, method: method,
        picture: picture)
    } catch {
      return SessionAnswer.error(error.message, id: request.id)
    }
  }

  /// Scores a drawing and, when asked, writes its picture.
  private func answer(
    id: String, drawing: PKDrawing, template: TracingTemplate, scorer: TracingScorer,
    method: TracingMethod, picture: (name: String, format: RenderFormat)?
  ) throws(SessionRequestError) -> Data {
    let report: TracingReport
    var feedback: TracingFeedback?
    do {
      if picture != nil {
        let drawn = try scorer.feedback(drawing, against: template, method: method)
        (feedback, report) = (drawn, drawn.report)
      } else {
        report = try scorer.report(drawing, against: template, method: method)
      }
    } catch {
      throw SessionRequestError("the attempt cannot be scored: \(error)")
    }
    let encoded: Data
    do {
      encoded = try TraceOptions.encoder.encode(report)
    } catch {
      throw SessionRequestError(
        "the report holds a number JSON cannot write: the attempt's coordinates or times are "
          + "too large for this placement")
    }
    guard let picture, let feedback, let pictures else {
      return SessionAnswer.report(encoded, id: id, picture: nil, pictureError: nil)
    }
    do throws(SessionRequestError) {
      try pictures.write(feedback, format: picture.format, named: picture.name)
    } catch {
      return SessionAnswer.report(encoded, id: id, picture: nil, pictureError: error.message)
    }
    return SessionAnswer.report(encoded, id: id, picture: picture.name, pictureError: nil)
  }

  /// The drawing of a request's attempt: JSON read with the session's limits counted as the
  /// reader goes, PencilKit bytes refused over them before they are decoded; both checked
  /// again after.
  static func drawing(of attempt: SessionRequest.Attempt, limits: SessionLimits)
    throws(SessionRequestError) -> PKDrawing
  {
    switch attempt {
    case .json(let data, let offset):
      let drawing: PKDrawing
      do {
        drawing = try DuctusJSONReader().drawing(from: data, limits: limits.readLimits)
      } catch var error as InkFormatError {
        error.offset = error.offset.map { $0 + offset }
        throw SessionRequestError("attempt: \(error)")
      } catch {
        throw SessionRequestError("attempt: \(error)")
      }
      try check(drawing, field: "attempt", limits: limits)
      return drawing
    case .pencilKit(let base64):
      guard let data = Data(base64Encoded: base64) else {
        throw SessionRequestError("attemptPKDrawing: not base64 text")
      }
      if let census = PencilKitCensus(data) {
        try check(
          strokes: census.strokes, points: census.points, field: "attemptPKDrawing", limits: limits)
      }
      let drawing: PKDrawing
      do {
        drawing = try PKDrawing(data: data)
      } catch {
        throw SessionRequestError("attemptPKDrawing: \(error)")
      }
      try check(drawing, field: "attemptPKDrawing", limits: limits)
      return drawing
    }
  }

  /// Refuses counts over the limits.
  static func check(strokes: Int, points: Int, field: String, limits: SessionLimits)
    throws(SessionRequestError)
  {
    if strokes > limits.maximumStrokes {
      throw SessionRequestError(
        "\(field): \(strokes) strokes, over the session's limit of \(limits.maximumStrokes) "
          + "(--max-strokes)")
    }
    if points > limits.maximumPoints {
      throw SessionRequestError(
        "\(field): \(points) points, over the session's limit of \(limits.maximumPoints) "
          + "(--max-points)")
    }
  }

  /// Refuses a decoded drawing over the limits or with a value that is not finite.
  static func check(_ drawing: PKDrawing, field: String, limits: SessionLimits)
    throws(SessionRequestError)
  {
    try check(
      strokes: drawing.strokes.count,
      points: drawing.strokes.reduce(0) { $0 + $1.path.count }, field: field, limits: limits)
    for (index, stroke) in drawing.strokes.enumerated() {
      let transform = stroke.transform
      guard
        [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
          .allSatisfy(\.isFinite)
      else {
        throw SessionRequestError(
          "\(field): stroke \(index): the transform has a number that is not finite")
      }
      guard stroke.path.creationDate.timeIntervalSinceReferenceDate.isFinite else {
        throw SessionRequestError("\(field): stroke \(index): the creation date is not finite")
      }
      for (number, point) in stroke.path.enumerated() {
        if let name = nonFiniteChannel(of: point) {
          throw SessionRequestError(
            "\(field): stroke \(index), point \(number): the \(name) is not a finite number")
        }
      }
    }
  }

  /// The name of a point's first value that is not finite, if any.
  private static func nonFiniteChannel(of point: PKStrokePoint) -> String? {
    if !point.location.x.isFinite { return "x" }
    if !point.location.y.isFinite { return "y" }
    if !point.timeOffset.isFinite { return "time offset" }
    if !point.size.width.isFinite { return "width" }
    if !point.size.height.isFinite { return "height" }
    if !point.opacity.isFinite { return "opacity" }
    if !point.force.isFinite { return "force" }
    if !point.azimuth.isFinite { return "azimuth" }
    if !point.altitude.isFinite { return "altitude" }
    if !point.secondaryScale.isFinite { return "secondary scale" }
    if !point.threshold.isFinite { return "threshold" }
    return nil
  }
}
