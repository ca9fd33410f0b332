import './styles/fonts.css';
import { startApp } from './app/start';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
void startApp(container);
