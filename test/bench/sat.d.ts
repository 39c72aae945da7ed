// The part of SAT.js 0.9.0 (npm "sat", CommonJS, no bundled types) that the benchmark uses.
declare module "sat" {
  namespace SAT {
    class Vector {
      constructor(x?: number, y?: number);
      x: number;
      y: number;
    }
    class Circle {
      constructor(pos?: Vector, r?: number);
      pos: Vector;
      r: number;
    }
    /** A convex polygon, points counter-clockwise in y-up axes, rotated by `angle` about `pos`. */
    class Polygon {
      constructor(pos?: Vector, points?: Vector[]);
      pos: Vector;
      angle: number;
      calcPoints: Vector[];
      /** Sets the angle (radians) and recomputes calcPoints, edges and normals. */
      setAngle(angle: number): Polygon;
    }
    class Response {
      constructor();
      overlap: number;
      overlapN: Vector;
      overlapV: Vector;
      aInB: boolean;
      bInA: boolean;
      clear(): Response;
    }
    function testCircleCircle(a: Circle, b: Circle, response?: Response): boolean;
    function testPolygonCircle(polygon: Polygon, circle: Circle, response?: Response): boolean;
    function testCirclePolygon(circle: Circle, polygon: Polygon, response?: Response): boolean;
    function testPolygonPolygon(a: Polygon, b: Polygon, response?: Response): boolean;
  }
  export default SAT;
}
