// The keyboard shortcut sheet (Ctrl+/): every action of the registry that has keys, by menu group,
// each row on one line (three columns at 1280 px wide). Commands without keys are in the menus and
// the palette.
import { ACTION_GROUPS } from "../actions/types";
import { availableActions, chordLabel } from "../actions/registry";
import { Keys, Modal } from "./Modal";
import { closeModal, useModal } from "./modals";

function Sheet() {
  return (
    <Modal label="Keyboard shortcuts" className="shortcuts">
      <header>
        <h2>Keyboard shortcuts</h2>
        <button type="button" data-autofocus onClick={closeModal} aria-label="Close">
          ✕
        </button>
      </header>
      <div className="shortcut-groups">
        {ACTION_GROUPS.map((group) => {
          const actions = availableActions().filter((a) => a.group === group && a.keys.length > 0);
          if (actions.length === 0) return null;
          return (
            <section key={group} aria-label={group}>
              <h3>{group}</h3>
              <table>
                <tbody>
                  {actions.map((a) => {
                    // Another layout's spelling of the chord before it is the same keys: listed once.
                    const keys = a.keys.filter((k) => !k.alias);
                    return (
                      <tr key={a.id}>
                        <th scope="row">{a.label}</th>
                        <td>{keys.map((k, i) => <Keys key={i} label={chordLabel(k)} />)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </section>
          );
        })}
      </div>
    </Modal>
  );
}

export function ShortcutSheet() {
  const open = useModal((s) => s.open === "shortcuts");
  return open ? <Sheet /> : null;
}
