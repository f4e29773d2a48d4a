import Foundation

#if !canImport(CoreGraphics)
  /// An affine transformation matrix for 2-D drawing, with CoreGraphics's API.
  ///
  /// Compiled only where CoreGraphics is absent (Linux). A point `(x, y)` maps to
  /// `(a·x + c·y + tx, b·x + d·y + ty)`, exactly as on Apple's platforms, so
  /// `point.applying(transform)` gives the same numbers on an iPad and on a server.
  public struct CGAffineTransform: Hashable, Sendable, Codable, CustomStringConvertible {
    public var a: CGFloat
    public var b: CGFloat
    public var c: CGFloat
    public var d: CGFloat
    public var tx: CGFloat
    public var ty: CGFloat

    /// Creates a transform from its six matrix entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
      self.tx = tx
      self.ty = ty
    }

    /// Creates the identity transform.
    public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

    /// The identity transform.
    public static let identity = CGAffineTransform()

    /// A transform that scales by `sx` horizontally and `sy` vertically.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
      self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A transform that translates by `(tx, ty)`.
    public init(translationX tx: CGFloat, y ty: CGFloat) {
      self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A transform that rotates by `angle` radians (counter-clockwise in a y-up system,
    /// clockwise on screen where y points down).
    public init(rotationAngle angle: CGFloat) {
      let cosine = CGFloat(Foundation.cos(Double(angle)))
      let sine = CGFloat(Foundation.sin(Double(angle)))
      self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether this is the identity transform.
    public var isIdentity: Bool { self == .identity }

    /// The transform that applies `self` first and then `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
      CGAffineTransform(
        a: a * t2.a + b * t2.c,
        b: a * t2.b + b * t2.d,
        c: c * t2.a + d * t2.c,
        d: c * t2.b + d * t2.d,
        tx: tx * t2.a + ty * t2.c + t2.tx,
        ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// The inverse transform, or `self` unchanged when the matrix is singular (as CoreGraphics).
    public func inverted() -> CGAffineTransform {
      let determinant = a * d - b * c
      guard determinant != 0, determinant.isFinite else { return self }
      let ia = d / determinant
      let ib = -b / determinant
      let ic = -c / determinant
      let id = a / determinant
      return CGAffineTransform(
        a: ia, b: ib, c: ic, d: id,
        tx: -(tx * ia + ty * ic),
        ty: -(tx * ib + ty * id))
    }

    /// `self` followed by a translation.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
      CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// `self` preceded by a scale.
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
      CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// `self` preceded by a rotation.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
      CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    public var description: String {
      "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
    }
  }

  extension CGPoint {
    /// The point mapped through `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
      CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
  }

  extension CGSize {
    /// The size mapped through the linear part of `t` (translation ignored).
    public func applying(_ t: CGAffineTransform) -> CGSize {
      CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
  }

  extension CGRect {
    /// The smallest rectangle that contains the four corners of `self` mapped through `t`.
    ///
    /// The null rectangle stays null, as in CoreGraphics.
    public func applying(_ t: CGAffineTransform) -> CGRect {
      if isNull { return self }
      let corners = [
        CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY),
        CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY),
      ].map { $0.applying(t) }
      let xs = corners.map(\.x)
      let ys = corners.map(\.y)
      let x0 = xs.min()!
      let y0 = ys.min()!
      return CGRect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }
  }
#endif
