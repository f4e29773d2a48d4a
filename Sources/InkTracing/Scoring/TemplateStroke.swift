import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// One stroke of a ``TracingTemplate``: its centre line from start to end, and what is special
/// about it.
public struct TemplateStroke: Hashable, Sendable, Codable {
  /// The centre line, start first, in the template's box coordinates.
  public var points: [CGPoint]
  /// How far (in box units) an attempt may stray from this stroke before it counts as off the
  /// line; `nil` takes the level's default.
  public var tolerance: Double?
  /// Places the attempt must pass near, in order (the top of a loop, the turn of a hook).
  public var checkpoints: [TemplateCheckpoint]
  /// Whether the stroke ends in a hook whose absence is reported (`hook_missing`).
  public var hasHook: Bool

  /// Creates a stroke.
  public init(
    points: [CGPoint], tolerance: Double? = nil, checkpoints: [TemplateCheckpoint] = [],
    hasHook: Bool = false
  ) {
    self.points = points
    self.tolerance = tolerance
    self.checkpoints = checkpoints
    self.hasHook = hasHook
  }

  /// The centre line as a sample buffer (`x` and `y`).
  public var samples: SampleBuffer {
    SampleBuffer(xs: points.map { Double($0.x) }, ys: points.map { Double($0.y) })
  }

  enum CodingKeys: String, CodingKey {
    case x, y, tolerance, checkpoints, hook
  }

  /// Decodes `{"x": [...], "y": [...], "tolerance": …, "checkpoints": [...], "hook": …}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let xs = try container.decode([Double].self, forKey: .x)
    let ys = try container.decode([Double].self, forKey: .y)
    guard xs.count == ys.count, !xs.isEmpty else {
      throw DecodingError.dataCorruptedError(
        forKey: .y, in: container, debugDescription: "x and y must be non-empty and equally long")
    }
    guard (xs + ys).allSatisfy(\.isFinite) else {
      throw DecodingError.dataCorruptedError(
        forKey: .x, in: container, debugDescription: "coordinates must be finite numbers")
    }
    points = zip(xs, ys).map { CGPoint(x: $0, y: $1) }
    tolerance = try container.decodeIfPresent(Double.self, forKey: .tolerance)
    checkpoints =
      try container.decodeIfPresent([TemplateCheckpoint].self, forKey: .checkpoints) ?? []
    hasHook = try container.decodeIfPresent(Bool.self, forKey: .hook) ?? false
  }

  /// Encodes the stroke as flat coordinate arrays; empty and default fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(points.map { Double($0.x) }, forKey: .x)
    try container.encode(points.map { Double($0.y) }, forKey: .y)
    try container.encodeIfPresent(tolerance, forKey: .tolerance)
    if !checkpoints.isEmpty { try container.encode(checkpoints, forKey: .checkpoints) }
    if hasHook { try container.encode(true, forKey: .hook) }
  }
}
