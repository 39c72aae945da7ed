// The keyboard shortcut sheet (Ctrl+/): every action of the registry by menu group, with its keys.
import { ACTION_GROUPS } from "../actions/types";
import { ACTIONS, chordLabel } from "../actions/registry";
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
          const actions = ACTIONS.filter((a) => a.group === group);
          if (actions.length === 0) return null;
          return (
            <section key={group} aria-label={group}>
              <h3>{group}</h3>
              <table>
                <tbody>
                  {actions.map((a) => (
                    <tr key={a.id}>
                      <th scope="row">{a.label}</th>
                      <td>
                        {a.keys.length === 0 ? <span className="none">—</span> : a.keys.map((k, i) => <Keys key={i} label={chordLabel(k)} />)}
                      </td>
                    </tr>
                  ))}
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
