// The issuer's data for the printed representation, one profile per connection (migration 0006).
// The contract has no endpoint that returns the company's own name, NIT or address.
import type { IssuerProfile } from '../../shared/rpc/methods/history-view';
import type { Db } from '../store/store';

export class IssuerProfiles {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  get(connectionId: number): IssuerProfile | null {
    return (
      this.db
        .prepare<[number], IssuerProfile>(
          'SELECT nombre, nit, direccion, ciudad, email, telefono FROM issuer_profiles WHERE connection_id = ?',
        )
        .get(connectionId) ?? null
    );
  }

  set(connectionId: number, profile: IssuerProfile): IssuerProfile {
    this.db
      .prepare(
        `INSERT INTO issuer_profiles (connection_id, nombre, nit, direccion, ciudad, email, telefono, updated_at)
         VALUES (@connection_id, @nombre, @nit, @direccion, @ciudad, @email, @telefono, @updated_at)
         ON CONFLICT (connection_id) DO UPDATE SET nombre = excluded.nombre, nit = excluded.nit, direccion = excluded.direccion,
           ciudad = excluded.ciudad, email = excluded.email, telefono = excluded.telefono, updated_at = excluded.updated_at`,
      )
      .run({ ...profile, connection_id: connectionId, updated_at: this.clock().toISOString() });
    return this.get(connectionId)!;
  }
}
