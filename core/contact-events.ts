// Begin and end events of the world's contacts since the last call, for one side of its contact
// list: the sensor contacts (sensorEvents) or the solid ones (contactEvents, the pairs overlaps()
// lists), as Box2D's b2World_GetSensorEvents and b2World_GetContactEvents give them. A contact is
// its two ids: one that lasts is not reported again however its shapes move, and one that ends and
// begins again between two calls is not reported at all.
import { markClass } from "./brand";
import type { ContactCache } from "./contact-cache";
import { OverlapRecord } from "./overlap-record";

/**
 * What contactEventsInto and sensorEventsInto fill, kept by the caller: the contacts that began in
 * begin[0…beginCount), those that ended in end[0…endCount) (each as it was last listed). Entries
 * past the counts are left from earlier calls. Reuse one for every call: the arrays then stop
 * growing. Each entry is the world's record of its contact, the same object from the contact's
 * begin to its end and rewritten in place meanwhile; after the call that reports its end, the
 * next call may reuse it.
 */
export class ContactEventBuffer {
  /** The contacts that began, in begin[0…beginCount), in the order of the world's list. */
  readonly begin: OverlapRecord[] = [];
  /** How many entries of `begin` the last call wrote. */
  beginCount = 0;
  /** The contacts that ended, in end[0…endCount), each as it was last listed. */
  readonly end: OverlapRecord[] = [];
  /** How many entries of `end` the last call wrote. */
  endCount = 0;
}

/** A ContactEventBuffer for sensorEventsInto, by the name it had before solid contacts had events. */
export class SensorEventBuffer extends ContactEventBuffer {}

markClass(ContactEventBuffer, "ContactEventBuffer");

/** One side's state between calls. */
export class ContactReporter {
  /**
   * The contacts' records as the last call listed them (reported[0…reportedCount)), and the
   * contact list's version then (-1 before the first call); records free again
   * (spare[0…spareCount)); each contact's record while a call runs (by contact id); the contacts
   * that began (by place in the call's begin list).
   */
  private reported: OverlapRecord[] = [];
  private reportedCount = 0;
  private reportedVersion = -1;
  private reporting: OverlapRecord[] = [];
  private readonly spare: OverlapRecord[] = [];
  private spareCount = 0;
  private readonly recordOf: (OverlapRecord | undefined)[] = [];
  /** The contact ids of the last call's begin list, by place. */
  readonly began: number[] = [];

  /** @param sensor - Which contacts: those with a sensor on either side, or those with none. */
  constructor(private readonly sensor: boolean) {}

  /** Writes the events since the last call into out; returns beginCount + endCount. */
  report(contacts: ContactCache, byId: ReadonlyMap<string, number>, out: ContactEventBuffer): number {
    out.beginCount = 0;
    out.endCount = 0;
    const n = contacts.list(), recordOf = this.recordOf, sensor = this.sensor;
    if (contacts.listVersion === this.reportedVersion) return 0;
    // A contact listed last time lasts when its two ids' shapes are still such a contact; the ids
    // are looked up again, as a shape removed and added again may have another slot.
    const before = this.reported;
    for (let i = 0; i < this.reportedCount; i++) {
      const record = before[i]!, p = byId.get(record.a), q = byId.get(record.b);
      const c = p === undefined || q === undefined ? -1 : contacts.find(p, q);
      if (c >= 0 && (sensor ? contacts.sensor(c) : contacts.solid(c))) recordOf[c] = record;
      else out.end[out.endCount++] = record;
    }
    const now = this.reporting, spare = this.spare;
    let m = 0;
    for (let i = 0; i < n; i++) {
      const c = contacts.at(i);
      // Every listed contact overlaps: it is one side's or the other's.
      if (contacts.sensor(c) !== sensor) continue;
      let record = recordOf[c];
      if (record === undefined) {
        record = this.spareCount > 0 ? spare[--this.spareCount]! : new OverlapRecord(sensor);
        this.began[out.beginCount] = c;
        out.begin[out.beginCount++] = record;
      } else recordOf[c] = undefined;
      contacts.write(c, record);
      now[m++] = record;
    }
    // Free from the next call on: the caller reads the ended ones until then.
    for (let i = 0; i < out.endCount; i++) spare[this.spareCount++] = out.end[i]!;
    this.reporting = before;
    this.reported = now;
    this.reportedCount = m;
    this.reportedVersion = contacts.listVersion;
    return out.beginCount + out.endCount;
  }
}
