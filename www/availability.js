// Which algorithms apply to the current map and movement. Jump Point Search and Theta* assume
// every free cell costs the same (and the Moving AI or 4-connected movement); the planner says
// why when they don't, and this greys their options out and shows the reason under the menu.

/** Options whose availability depends on the map or movement. */
const CONDITIONAL = ['jps', 'theta'];

/** Disables the options that cannot run now and explains why under the algorithm menu. */
export function showAvailability(planner) {
  const select = document.getElementById('algorithm');
  const note = document.getElementById('algorithm-note');
  if (!select || !note) return;
  const reasons = [];
  for (const value of CONDITIONAL) {
    const option = select.querySelector(`option[value="${value}"]`);
    if (!option) continue;
    const reason = planner.algorithmUnavailable(value) ?? null;
    // Keep the chosen option selectable so the form never shows a blank menu.
    option.disabled = reason !== null && select.value !== value;
    option.title = reason ?? '';
    if (reason) reasons.push(reason);
  }
  // Both refuse for the same causes: one sentence, naming the other.
  const why = reasons.length === 2 && reasons[0] === reasons[1].replace('Theta*', 'Jump Point Search')
    ? reasons[0].replace('Jump Point Search needs', 'Jump Point Search and Theta* need')
    : reasons[0] ?? null;
  const refused = planner.refusedReason() ?? null;
  const text = refused ?? why ?? '';
  if (note.textContent !== text) note.textContent = text;
  note.hidden = text === '';
  note.classList.toggle('refused', refused !== null);
}
