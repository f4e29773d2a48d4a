import Foundation
import OpenPencilKit

/// The features a ``PaperMarkup`` uses or an app supports, as PaperKit's `FeatureSet`.
///
/// ```swift
/// var markup = PaperMarkup(bounds: page)
/// markup.removeContentUnsupported(by: .version1)
/// assert(markup.featureSet.isSubset(of: .version1))
/// ```
public struct FeatureSet: Hashable, Sendable {
  /// The supported features.
  public var features: Set<Feature>
  /// The supported shape types.
  public var shapes: Set<ShapeConfiguration.Shape>
  /// The supported ink types of the PencilKit drawing.
  public var inks: Set<PKInk.InkType>
  /// The PaperKit version the feature set supports.
  public var contentVersion: ContentVersion
  /// The allowed arrow-marker configurations of lines (default `.all`).
  public var lineMarkerPositions: LineMarkerPositions
  /// The maximum linear exposure of colours; 1 is SDR, all this model stores.
  public var colorMaximumLinearExposure: CGFloat

  /// Creates a feature set from its parts.
  public init(
    features: Set<Feature>, shapes: Set<ShapeConfiguration.Shape>, inks: Set<PKInk.InkType>,
    contentVersion: ContentVersion = .version1,
    lineMarkerPositions: LineMarkerPositions = .all, colorMaximumLinearExposure: CGFloat = 1
  ) {
    self.features = features
    self.shapes = shapes
    self.inks = inks
    self.contentVersion = contentVersion
    self.lineMarkerPositions = lineMarkerPositions
    self.colorMaximumLinearExposure = colorMaximumLinearExposure
  }

  /// Every feature of version 1: all features, shapes and inks, every marker position.
  public static var version1: FeatureSet {
    FeatureSet(
      features: Set(Feature.allCases), shapes: Set(ShapeConfiguration.Shape.allCases),
      inks: Set(PKInk.InkType.allCases))
  }

  /// Every feature this implementation knows: the same as ``version1``, its only version.
  public static var latest: FeatureSet { version1 }

  /// A maximally empty feature set: no features, shapes, inks or lines.
  public static var empty: FeatureSet {
    FeatureSet(features: [], shapes: [], inks: [], lineMarkerPositions: [])
  }

  /// Whether the set has `feature`.
  public func contains(_ feature: Feature) -> Bool { features.contains(feature) }

  /// Adds `feature`.
  public mutating func insert(_ newFeature: Feature) { features.insert(newFeature) }

  /// Removes `feature`.
  public mutating func remove(_ feature: Feature) { features.remove(feature) }

  /// Whether everything this set has, `other` has too (an exposure no higher, a content
  /// version no later).
  public func isSubset(of other: FeatureSet) -> Bool {
    features.isSubset(of: other.features) && shapes.isSubset(of: other.shapes)
      && inks.isSubset(of: other.inks) && contentVersion <= other.contentVersion
      && lineMarkerPositions.isSubset(of: other.lineMarkerPositions)
      && colorMaximumLinearExposure <= other.colorMaximumLinearExposure
  }

  /// Everything either set has.
  public func union(_ other: FeatureSet) -> FeatureSet {
    FeatureSet(
      features: features.union(other.features), shapes: shapes.union(other.shapes),
      inks: inks.union(other.inks), contentVersion: max(contentVersion, other.contentVersion),
      lineMarkerPositions: lineMarkerPositions.union(other.lineMarkerPositions),
      colorMaximumLinearExposure: max(colorMaximumLinearExposure, other.colorMaximumLinearExposure))
  }
}
